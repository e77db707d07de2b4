import { z } from "zod";
import { oneLine } from "./one-line";

export const WEBHOOK_EVENT_NAMES = [
  "ticket.created",
  "ticket.changed",
  "note.added",
  "ticket.rated",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENT_NAMES)[number];
/** A webhook as an administrator sets it up; the address rules are checked by the server after this. */
export const webhookSchema = z.object({
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000, "URL is too long")
    .check(oneLine("URL"))
    .refine((u) => /^https?:\/\//i.test(u), "Webhook URL must start with http:// or https://"),
  events: z
    .array(z.enum(WEBHOOK_EVENT_NAMES, { error: "Unknown event" }), { error: "Choose at least one event" })
    .min(1, "Choose at least one event")
    .transform((list) => [...new Set(list)]),
  active: z.boolean().default(true),
  includeInternal: z.boolean().default(false),
});
export type WebhookInput = z.infer<typeof webhookSchema>;

/** The last attempt of a delivery, as the log shows it. */
export type WebhookDeliveryDto = {
  id: number;
  eventId: string;
  event: string;
  ticketId: number | null;
  status: "pending" | "sending" | "delivered" | "failed";
  attempts: number;
  occurredAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  responseExcerpt: string | null;
};

export type WebhookDto = {
  id: number;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  includeInternal: boolean;
  createdAt: string;
  updatedAt: string;
  lastDelivery: Pick<WebhookDeliveryDto, "status" | "lastStatus" | "lastError" | "lastAttemptAt"> | null;
};

/** Only in the answers to create and rotate: the signing secret, shown once. */
export type WebhookWithSecretDto = WebhookDto & { secret: string };
