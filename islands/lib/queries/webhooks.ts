import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";
import type { MutationDef } from "./mutation";
import { relogin } from "./relogin";
import type {
  WebhookDeliveryDto,
  WebhookDto,
  WebhookInput,
  WebhookWithSecretDto,
} from "../../../src/shared/schemas/webhook";

const base = "/api/admin/webhooks";
/** The log refreshes while it is open, so a test delivery shows up without a reload. */
const LOG_REFRESH_MS = 3_000;

export const useWebhooks = () =>
  useQuery({ queryKey: queryKeys.webhooks, queryFn: () => api.get<WebhookDto[]>(base) });
export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: () => api.get<WebhookDeliveryDto[]>(`${base}/${id}/deliveries`),
    refetchInterval: LOG_REFRESH_MS,
  });

export const createWebhook: MutationDef<WebhookInput, WebhookWithSecretDto> = {
  mutationFn: (body) => api.post(base, body),
  invalidates: [queryKeys.webhooks],
  relogin,
};
export const updateWebhook: MutationDef<{ id: number; input: WebhookInput }, WebhookDto> = {
  mutationFn: ({ id, input }) => api.put(`${base}/${id}`, input),
  invalidates: [queryKeys.webhooks],
  relogin,
};
export const deleteWebhook: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.delete(`${base}/${id}`),
  invalidates: [queryKeys.webhooks],
  relogin,
};
export const rotateWebhookSecret: MutationDef<number, WebhookWithSecretDto> = {
  mutationFn: (id) => api.post(`${base}/${id}/rotate-secret`, {}),
  invalidates: [queryKeys.webhooks],
  relogin,
};
export const sendWebhookTest: MutationDef<number, { message: string }> = {
  mutationFn: (id) => api.post(`${base}/${id}/test`, {}),
  invalidates: [queryKeys.webhooks],
  relogin,
};
