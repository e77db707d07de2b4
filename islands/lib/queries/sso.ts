import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import type { Body, Json, Routes } from "./routes";

type Sso = Routes["sso"];
export type SignInOptions = Json<Sso["options"]["$get"]>;

/** The sign-in page's provider buttons and whether the directory checks passwords. */
export const useSignInOptions = () =>
  useQuery({ queryKey: queryKeys.signInOptions, queryFn: () => api.get<SignInOptions>("/api/sso/options") });

export const directoryLogin: MutationDef<
  Body<Sso["ldap"]["login"]["$post"]>,
  Json<Sso["ldap"]["login"]["$post"]>
> = {
  mutationFn: (body) => api.post("/api/sso/ldap/login", body),
  invalidates: [queryKeys.authUser],
};

const SSO_ERRORS: Record<string, string> = {
  no_account: "There is no account here for you yet. Please ask an administrator.",
  email_unverified: "Your sign-in provider has not verified your email address.",
  email_missing: "Your sign-in provider did not share your email address.",
  account_suspended: "Your account is suspended.",
  flow_expired: "The sign-in took too long. Please try again.",
};

/** The message for a failed single sign-on, from the reason class the server sent back. */
export const ssoErrorText = (reason: string) =>
  SSO_ERRORS[reason] ?? "Single sign-on failed. Please try again.";

type AdminSso = Routes["admin"]["sso"];
export type SignInSettings = Json<AdminSso["$get"]>;
export type SignInSettingsInput = Body<AdminSso["$put"]>;

export const useSignInSettings = () =>
  useQuery({ queryKey: queryKeys.signInSettings, queryFn: () => api.get<SignInSettings>("/api/admin/sso") });

export const saveSignInSettings: MutationDef<SignInSettingsInput, SignInSettings> = {
  mutationFn: (body) => api.put("/api/admin/sso", body),
  invalidates: [queryKeys.signInSettings, queryKeys.signInOptions],
};
