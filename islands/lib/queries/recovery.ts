import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../src/shared/schemas/auth";
import type { AuthUser, SecondFactorChallengeDto } from "../../../src/shared/dto";

export const forgotPassword: MutationDef<ForgotPasswordInput, { message: string }> = {
  mutationFn: (body) => api.post("/api/auth/forgot-password", body),
  invalidates: [],
};
export const resetPassword: MutationDef<ResetPasswordInput, AuthUser | SecondFactorChallengeDto> = {
  mutationFn: (body) => api.post("/api/auth/reset-password", body),
  invalidates: [queryKeys.authUser],
};
