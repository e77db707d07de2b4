import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLogs, tickets, type TicketRow } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import { WAITING_STATUS } from "../shared/constants";
import { addBusinessMinutes, businessMinutesBetween } from "./business-time";
import { getServiceLevels } from "./sla-settings";

/** When the ticket last entered the waiting status, from its audit trail (the status change row). */
function waitingSince(tx: DbOrTx, t: TicketRow): Date | null {
  const row = tx
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, "ticket"),
        eq(auditLogs.entityId, t.ticketId),
        sql`json_extract(${auditLogs.newValue}, '$.status') = ${WAITING_STATUS}`,
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(1)
    .get();
  return row?.at ?? null;
}

/**
 * The resolution clock stands still while a ticket waits on its requester: leaving that status moves
 * the due instants later by the business minutes it waited.
 */
export function resumeFields(tx: DbOrTx, t: TicketRow, status: string, now: Date) {
  if (t.status !== WAITING_STATUS || status === WAITING_STATUS || !t.resolutionDueAt) return {};
  const since = waitingSince(tx, t);
  if (!since) return {};
  const { calendar } = getServiceLevels(tx);
  const waited = businessMinutesBetween(calendar, since, now);
  const later = (d: Date | null) => (d ? (addBusinessMinutes(calendar, d, waited) ?? d) : d);
  return { resolutionDueAt: later(t.resolutionDueAt), resolutionSoonAt: later(t.resolutionSoonAt) };
}

/** A requester's message on a ticket waiting on them puts it back to Open, with its clock running again. */
export function reopenOnRequesterReply(tx: DbOrTx, actor: Actor, ticketId: number, now: Date) {
  const t = tx.select().from(tickets).where(eq(tickets.id, ticketId)).get();
  if (!t || t.status !== WAITING_STATUS) return;
  tx.update(tickets)
    .set({
      status: "open",
      ...resumeFields(tx, t, "open", now),
      updatedAt: now,
      version: sql`${tickets.version} + 1`,
    })
    .where(eq(tickets.id, ticketId))
    .run();
  recordAudit(
    tx,
    actor,
    {
      action: "status_changed",
      entityType: "ticket",
      entityId: t.ticketId,
      oldValue: { status: t.status },
      newValue: { status: "open" },
    },
    now,
  );
}
