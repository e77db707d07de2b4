import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type Mail = Routes["admin"]["mail"];
export type MailSettings = Json<Mail["settings"]["$get"]>;

export const useMailSettings = () =>
  useQuery({
    queryKey: queryKeys.mailSettings,
    queryFn: () => api.get<MailSettings>("/api/admin/mail/settings"),
  });
export const useMailHealth = () =>
  useQuery({
    queryKey: queryKeys.mailHealth,
    queryFn: () => api.get<Json<Mail["health"]["$get"]>>("/api/admin/mail/health"),
  });

export const saveMailSettings: MutationDef<Body<Mail["settings"]["$put"]>, MailSettings> = {
  mutationFn: (body) => api.put("/api/admin/mail/settings", body),
  invalidates: [queryKeys.mailSettings],
  relogin,
};
export const sendTestMail: MutationDef<Body<Mail["test"]["$post"]>, Json<Mail["test"]["$post"]>> = {
  mutationFn: (body) => api.post("/api/admin/mail/test", body),
  invalidates: [queryKeys.mailHealth, queryKeys.outbox],
  relogin,
};
export const retryFailedMail: MutationDef<void, Json<Mail["retry-failed"]["$post"]>> = {
  mutationFn: () => api.post("/api/admin/mail/retry-failed", {}),
  invalidates: [queryKeys.mailHealth, queryKeys.outbox],
  relogin,
};

export type MailAccounts = Json<Mail["accounts"]["$get"]>;
export type ConnectionResult = Json<Mail["accounts"]["smtp"]["test"]["$post"]>;
export const useMailAccounts = () =>
  useQuery({
    queryKey: queryKeys.mailAccounts,
    queryFn: () => api.get<MailAccounts>("/api/admin/mail/accounts"),
  });
export const saveMailAccount: MutationDef<
  { kind: "smtp" | "imap"; body: Record<string, unknown> },
  MailAccounts
> = {
  mutationFn: ({ kind, body }) => api.put(`/api/admin/mail/accounts/${kind}`, body),
  invalidates: [queryKeys.mailAccounts, queryKeys.mailHealth],
  relogin,
};
export const testMailAccount: MutationDef<
  { kind: "smtp" | "imap"; body: Record<string, unknown> },
  ConnectionResult
> = {
  mutationFn: ({ kind, body }) => api.post(`/api/admin/mail/accounts/${kind}/test`, body),
  invalidates: [],
  relogin,
};
