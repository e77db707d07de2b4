import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { ApiTokenDto } from "../../../src/shared/dto";
import type { CreateApiTokenInput } from "../../../src/shared/schemas/auth";

export const useApiTokens = () =>
  useQuery({ queryKey: queryKeys.apiTokens, queryFn: () => api.get<ApiTokenDto[]>("/api/auth/tokens") });

export const createApiToken: MutationDef<CreateApiTokenInput, ApiTokenDto & { token: string }> = {
  mutationFn: (body) => api.post("/api/auth/tokens", body),
  invalidates: [queryKeys.apiTokens],
};
export const revokeApiToken: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.delete(`/api/auth/tokens/${id}`),
  invalidates: [queryKeys.apiTokens],
};
