import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhooks, type WebhookRow } from "../../db/schema";
import { diff, recordAudit, type Actor } from "../audit/audit.service";
import { conflict, notFound } from "../errors/domain-error";
import type { WebhookInput, WebhookWithSecretDto } from "../shared/schemas/webhook";
import { checkTarget } from "./address-guard";
import { toWebhookDto } from "./webhooks.queries";
import { newSecret } from "./signing";

type Ctx = { db: Db; actor: Actor; now: Date };
const immediate = { behavior: "immediate" } as const;
/** Every ticket write queues one row per subscribed webhook, so their number is bounded. */
const MAX_WEBHOOKS = 20;

/** What the audit log keeps of a webhook: never its secret. */
const audited = (r: Pick<WebhookRow, "url" | "events" | "active" | "includeInternal">) => ({
  url: r.url,
  events: r.events,
  active: r.active,
  includeInternal: r.includeInternal,
});

const columns = (input: WebhookInput) => ({
  url: input.url,
  events: input.events.join(","),
  active: input.active,
  includeInternal: input.includeInternal,
});

/** Checks the address (resolving its host) before the transaction, which must stay synchronous. */
export async function createWebhook(
  ctx: Ctx & { input: WebhookInput; allowPrivate: boolean },
): Promise<WebhookWithSecretDto> {
  await checkTarget(ctx.input.url, ctx.allowPrivate);
  const { db, actor, now } = ctx;
  return db.transaction((tx) => {
    if (tx.select({ n: count() }).from(webhooks).get()!.n >= MAX_WEBHOOKS)
      throw conflict(`At most ${MAX_WEBHOOKS} webhooks can be set up`);
    const row = tx
      .insert(webhooks)
      .values({ ...columns(ctx.input), secret: newSecret(), createdAt: now, updatedAt: now })
      .returning()
      .get();
    recordAudit(
      tx,
      actor,
      { action: "created", entityType: "webhook", entityId: row.id, newValue: audited(row) },
      now,
    );
    return { ...toWebhookDto(row, null), secret: row.secret };
  }, immediate);
}

export async function updateWebhook(ctx: Ctx & { id: number; input: WebhookInput; allowPrivate: boolean }) {
  await checkTarget(ctx.input.url, ctx.allowPrivate);
  const { db, actor, now, id } = ctx;
  return db.transaction((tx) => {
    const before = tx.select().from(webhooks).where(eq(webhooks.id, id)).get();
    if (!before) throw notFound("Webhook");
    const values = columns(ctx.input);
    const row = tx
      .update(webhooks)
      .set({ ...values, updatedAt: now })
      .where(eq(webhooks.id, id))
      .returning()
      .get()!;
    recordAudit(
      tx,
      actor,
      { action: "updated", entityType: "webhook", entityId: id, ...diff(audited(before), values) },
      now,
    );
    return toWebhookDto(row, null);
  }, immediate);
}

export function deleteWebhook({ db, actor, now, id }: Ctx & { id: number }) {
  db.transaction((tx) => {
    const before = tx.select().from(webhooks).where(eq(webhooks.id, id)).get();
    if (!before) throw notFound("Webhook");
    tx.delete(webhooks).where(eq(webhooks.id, id)).run();
    recordAudit(
      tx,
      actor,
      { action: "deleted", entityType: "webhook", entityId: id, oldValue: audited(before) },
      now,
    );
  }, immediate);
}

/** A new secret replaces the old one at once; deliveries not yet sent are signed with the new one. */
export function rotateWebhookSecret({ db, actor, now, id }: Ctx & { id: number }): WebhookWithSecretDto {
  return db.transaction((tx) => {
    const row = tx
      .update(webhooks)
      .set({ secret: newSecret(), updatedAt: now })
      .where(eq(webhooks.id, id))
      .returning()
      .get();
    if (!row) throw notFound("Webhook");
    recordAudit(tx, actor, { action: "secret_rotated", entityType: "webhook", entityId: id }, now);
    return { ...toWebhookDto(row, null), secret: row.secret };
  }, immediate);
}

/** Queues a `ping` delivery through the same outbox, so the test shows in the log like any other. */
export function queueTestDelivery({ db, actor, now, id }: Ctx & { id: number }) {
  return db.transaction((tx) => {
    const hook = tx.select().from(webhooks).where(eq(webhooks.id, id)).get();
    if (!hook) throw notFound("Webhook");
    const payload = JSON.stringify({ message: "A test delivery from Helpdesk", webhookId: id });
    const row = tx
      .insert(webhookDeliveries)
      .values({
        webhookId: id,
        eventId: crypto.randomUUID().replaceAll("-", ""),
        event: "ping",
        payload,
        nextAttemptAt: now.getTime(),
        occurredAt: now.getTime(),
      })
      .returning()
      .get();
    recordAudit(tx, actor, { action: "test_sent", entityType: "webhook", entityId: id }, now);
    return row.id;
  }, immediate);
}
