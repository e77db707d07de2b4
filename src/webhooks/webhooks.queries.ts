import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhooks, type WebhookDeliveryRow, type WebhookRow } from "../../db/schema";
import { notFound } from "../errors/domain-error";
import type { WebhookDeliveryDto, WebhookDto, WebhookEvent } from "../shared/schemas/webhook";

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

const toDeliveryDto = (r: WebhookDeliveryRow): WebhookDeliveryDto => ({
  id: r.id,
  eventId: r.eventId,
  event: r.event,
  ticketId: r.ticketId,
  status: r.status,
  attempts: r.attempts,
  occurredAt: iso(r.occurredAt)!,
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: r.status === "pending" || r.status === "sending" ? iso(r.nextAttemptAt) : null,
  lastStatus: r.lastStatus,
  lastError: r.lastError,
  responseExcerpt: r.responseExcerpt,
});

export const toWebhookDto = (r: WebhookRow, last: WebhookDeliveryRow | null): WebhookDto => ({
  id: r.id,
  url: r.url,
  events: r.events.split(",") as WebhookEvent[],
  active: r.active,
  includeInternal: r.includeInternal,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  lastDelivery: last
    ? {
        status: last.status,
        lastStatus: last.lastStatus,
        lastError: last.lastError,
        lastAttemptAt: iso(last.lastAttemptAt),
      }
    : null,
});

/** Every webhook with its most recent attempted delivery (the log is kept short, so this stays small). */
export function listWebhooks(db: Db): WebhookDto[] {
  const hooks = db.select().from(webhooks).orderBy(webhooks.id).all();
  if (!hooks.length) return [];
  const lastIds = db
    .select({ id: sql<number>`max(${webhookDeliveries.id})` })
    .from(webhookDeliveries)
    .where(isNotNull(webhookDeliveries.lastAttemptAt))
    .groupBy(webhookDeliveries.webhookId)
    .all()
    .map((r) => r.id);
  const last = lastIds.length
    ? db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, lastIds)).all()
    : [];
  return hooks.map((h) => toWebhookDto(h, last.find((d) => d.webhookId === h.id) ?? null));
}

/** The newest deliveries of one webhook, newest first. */
export function listDeliveries(db: Db, webhookId: number, limit = 20): WebhookDeliveryDto[] {
  if (!db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, webhookId)).get())
    throw notFound("Webhook");
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .all()
    .map(toDeliveryDto);
}
