import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { SessionDto } from "../../../src/shared/dto";

export const useSessions = () =>
  useQuery({ queryKey: queryKeys.sessions, queryFn: () => api.get<SessionDto[]>("/api/auth/sessions") });

export const revokeSession: MutationDef<string, { message: string }> = {
  mutationFn: (id) => api.delete(`/api/auth/sessions/${id}`),
  invalidates: [queryKeys.sessions],
};
export const revokeAllSessions: MutationDef<{ keepCurrent: boolean }, { message: string }> = {
  mutationFn: (body) => api.post("/api/auth/sessions/revoke-all", body),
  invalidates: [],
};
