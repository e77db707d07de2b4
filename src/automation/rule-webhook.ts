import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type TicketRow, webhookDeliveries, webhooks } from "../../db/schema";
import { badRequest } from "../errors/domain-error";

/** Queues an `automation.fired` event for one webhook through its delivery outbox, signed and retried like any other. */
export function queueRuleWebhook(tx: Tx, t: TicketRow, webhookId: string, ruleName: string, now: Date) {
  const hook = tx
    .select()
    .from(webhooks)
    .where(eq(webhooks.id, Number(webhookId)))
    .get();
  if (!hook) throw badRequest(`Unknown webhook ${webhookId}`);
  const ticket = {
    ticketId: t.ticketId,
    status: t.status,
    priority: t.priority,
    department: t.department,
    ticketType: t.ticketType,
    assignedTo: t.assignedTo,
    tags: t.tags,
  };
  tx.insert(webhookDeliveries)
    .values({
      webhookId: hook.id,
      eventId: crypto.randomUUID().replaceAll("-", ""),
      event: "automation.fired",
      payload: JSON.stringify({ rule: ruleName, ticket }),
      nextAttemptAt: now.getTime(),
      occurredAt: now.getTime(),
    })
    .run();
}
