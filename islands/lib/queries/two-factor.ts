import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { AuthUser, TwoFactorStatusDto } from "../../../src/shared/dto";
import type {
  ConfirmTwoFactorInput,
  DisableTwoFactorInput,
  SecondFactorInput,
} from "../../../src/shared/schemas/two-factor";

export type Enrolment = { secret: string; uri: string; qrSvg: string };

export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api.get<TwoFactorStatusDto>("/api/auth/two-factor"),
  });

// A wrong code answers 401 here, which the form shows; it is not an ended session.
export const submitSecondFactor: MutationDef<SecondFactorInput, AuthUser> = {
  mutationFn: (body) => api.post("/api/auth/second-factor", body),
  invalidates: [queryKeys.authUser],
};
export const startEnrolment: MutationDef<void, Enrolment> = {
  mutationFn: () => api.post("/api/auth/two-factor/enrol"),
  invalidates: [],
};
export const confirmEnrolment: MutationDef<ConfirmTwoFactorInput, { recoveryCodes: string[] }> = {
  mutationFn: (body) => api.post("/api/auth/two-factor/confirm", body),
  invalidates: [queryKeys.twoFactor, queryKeys.authUser],
};
export const regenerateRecoveryCodes: MutationDef<void, { recoveryCodes: string[] }> = {
  mutationFn: () => api.post("/api/auth/two-factor/recovery-codes"),
  invalidates: [queryKeys.twoFactor],
};
export const disableTwoFactor: MutationDef<DisableTwoFactorInput, { message: string }> = {
  mutationFn: (body) => api.post("/api/auth/two-factor/disable", body),
  invalidates: [queryKeys.twoFactor, queryKeys.authUser],
};

export const useTwoFactorPolicy = () =>
  useQuery({
    queryKey: queryKeys.twoFactorPolicy,
    queryFn: () => api.get<{ required: boolean }>("/api/admin/security/two-factor"),
  });
export const setTwoFactorPolicy: MutationDef<{ required: boolean }, { required: boolean }> = {
  mutationFn: (body) => api.put("/api/admin/security/two-factor", body),
  invalidates: [queryKeys.twoFactorPolicy],
};
export const resetUserTwoFactor: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.post(`/api/admin/users/${id}/reset-two-factor`),
  invalidates: [queryKeys.users],
};
