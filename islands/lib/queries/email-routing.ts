import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type { Body, Json, Routes } from "./routes";

type Rules = Routes["admin"]["config"]["email-routing"];
type One = Rules[":id"];
export type EmailRule = Json<Rules["$get"]>[number];
export type EmailRuleInput = Body<Rules["$post"]>;

export const useEmailRules = () =>
  useQuery({
    queryKey: queryKeys.emailRouting,
    queryFn: () => api.get<EmailRule[]>("/api/admin/config/email-routing"),
  });
export const useOutboxStatus = () =>
  useQuery({
    queryKey: queryKeys.outbox,
    queryFn: () => api.get<Json<Rules["outbox"]["$get"]>>("/api/admin/config/email-routing/outbox"),
  });

// Rule writes refetch the rule list and, being under its key, the outbox line too.
export const createEmailRule: MutationDef<EmailRuleInput, Json<Rules["$post"]>> = {
  mutationFn: (body) => api.post("/api/admin/config/email-routing", body),
  invalidates: [queryKeys.emailRouting],
  relogin,
};
export const updateEmailRule = (id: number): MutationDef<Body<One["$put"]>, Json<One["$put"]>> => ({
  mutationFn: (body) => api.put(`/api/admin/config/email-routing/${id}`, body),
  invalidates: [queryKeys.emailRouting],
  relogin,
});
export const deleteEmailRule = (id: number): MutationDef<void, Json<One["$delete"]>> => ({
  mutationFn: () => api.delete(`/api/admin/config/email-routing/${id}`),
  invalidates: [queryKeys.emailRouting],
  relogin,
});
