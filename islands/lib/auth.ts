import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "./api";
import type { AuthUser } from "../../src/shared/dto";
import { queryKeys } from "./query-keys";

/** Spec §4: signed in when GET /api/auth/user returns a user; a 401 means no user, with no retry. */
export function useAuthUser(initialUser?: AuthUser | null) {
  return useQuery({
    queryKey: queryKeys.authUser,
    queryFn: async () => {
      try {
        return await api.get<AuthUser>("/api/auth/user");
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    initialData: initialUser === undefined ? undefined : initialUser,
  });
}

/** Signing out is done by navigating to /api/logout (spec §4). */
export const signOut = () => window.location.assign("/api/logout");
