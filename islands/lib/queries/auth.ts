import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { Body, Json, Routes } from "./routes";

type Auth = Routes["auth"];
export type SignedInUser = Json<Auth["user"]["$get"]>;

/** Signed in when the user route answers with a user; its 401 means nobody is, and is not an error. */
export function useAuthUser(initialUser?: SignedInUser | null) {
  return useQuery({
    queryKey: queryKeys.authUser,
    queryFn: async () => {
      try {
        return await api.get<SignedInUser>("/api/auth/user");
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    initialData: initialUser,
  });
}

/** Signing out is a navigation, so the server can clear the cookie and answer with the login page. */
export const signOut = () => window.location.assign("/api/logout");

// A wrong password answers 401 here, which the form shows; it is not an ended session.
export const login: MutationDef<Body<Routes["login"]["$post"]>, Json<Routes["login"]["$post"]>> = {
  mutationFn: (body) => api.post("/api/login", body),
  invalidates: [queryKeys.authUser],
};
export const updateProfile: MutationDef<Body<Auth["profile"]["$put"]>, Json<Auth["profile"]["$put"]>> = {
  mutationFn: (body) => api.put("/api/auth/profile", body),
  invalidates: [queryKeys.authUser],
};
export const changePassword: MutationDef<Body<Auth["password"]["$put"]>, Json<Auth["password"]["$put"]>> = {
  mutationFn: (body) => api.put("/api/auth/password", body),
  invalidates: [queryKeys.authUser], // a temporary password's notice goes once it is changed
};
