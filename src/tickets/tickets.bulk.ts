import { and, eq, inArray } from "drizzle-orm";
import { availableAssignee } from "../notifications/preferences";
import { onAssigned } from "../notifications/triggers";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import type { Tx } from "../../db/client";
import { fileAttachments, tickets, type TicketRow } from "../../db/schema";
import type { Deps, WriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import type { BulkActionInput } from "../shared/schemas/admin-ticket";
import { recordAudit } from "../audit/audit.service";
import { notFound } from "../errors/domain-error";
import { removeStored } from "../attachments/storage";
import { heldMailOf, type MailCtx, queueStatusMail } from "../conversation/notify";
import { scopeWhere } from "./tickets.scope";
import {
  assertAssignable,
  assertPriority,
  assertStatus,
  checkOwnPassword,
  statusChange,
  touched,
} from "./tickets.admin.service";
import { assertFresh } from "./tickets.version";
import { changeTicketTags } from "../tags/ticket-tags";
import { assertNotMerged } from "../ticket-links/merged";

/** `ifMatch`: the version each ticket had when the writer saw it; one newer refuses the whole request. */
type BulkCtx = WriteCtx & { user: AuthUser; mail: MailCtx; ifMatch?: Map<number, number> };

/** Every listed ticket within the actor's scope, or 404 for the whole request (unknown and out of scope alike). */
function allInScope(tx: Tx | Deps["db"], user: AuthUser, ids: number[], ifMatch?: Map<number, number>) {
  const rows = tx
    .select()
    .from(tickets)
    .where(and(inArray(tickets.id, ids), scopeWhere(user)))
    .all();
  if (rows.length !== ids.length) throw notFound("Ticket");
  for (const t of rows) assertNotMerged(tx, t);
  if (ifMatch) for (const t of rows) assertFresh(tx, t, ifMatch.get(t.id) ?? -1, user);
  return rows;
}

/**
 * One change to many tickets in one transaction, with the single-ticket rules: an audit row per
 * ticket, the status dates and the requester's status e-mails, the password for deleting. One
 * ticket that is missing or out of scope refuses the whole request, and nothing changes.
 */
export async function bulkTickets({ input, ...ctx }: BulkCtx & { input: BulkActionInput }) {
  const { deps, user, actor, now } = ctx;
  if (input.action === "delete") {
    allInScope(deps.db, user, input.ids, ctx.ifMatch); // a wrong id is 404 whatever the password, as for one ticket
    await checkOwnPassword({ deps, actor, user, password: input.password });
  }
  const result = deps.db.transaction((tx) => apply(tx, ctx, input, now), { behavior: "immediate" });
  const held = heldMailOf(ctx.mail.hold);
  if (input.action === "status" && held)
    return { updated: result.count, heldMail: { ...held, tickets: result.before } };
  if (input.action !== "delete") return { updated: result.count };
  await Promise.all(result.files.map((f) => removeStored(deps.config.uploadsDir, f.path)));
  return { deleted: result.count };
}

function apply(tx: Tx, ctx: BulkCtx, input: BulkActionInput, now: Date) {
  const rows = allInScope(tx, ctx.user, input.ids, ctx.ifMatch);
  const audit = (action: string, t: TicketRow, field: keyof TicketRow | null, after?: TicketRow) =>
    recordAudit(
      tx,
      ctx.actor,
      field && after
        ? {
            action,
            entityType: "ticket",
            entityId: t.ticketId,
            oldValue: { [field]: t[field] },
            newValue: { [field]: after[field] },
          }
        : { action, entityType: "ticket", entityId: t.ticketId, oldValue: t },
      now,
    );
  if (input.action === "delete") {
    const files = tx
      .select({ path: fileAttachments.filePath })
      .from(fileAttachments)
      .where(inArray(fileAttachments.ticketId, input.ids))
      .all();
    for (const t of rows) {
      tx.delete(tickets).where(eq(tickets.id, t.id)).run();
      audit("deleted", t, null);
    }
    return { count: rows.length, files, before: [] };
  }
  if (input.action === "addTags" || input.action === "removeTags") {
    const change = input.action === "addTags" ? { add: input.tags } : { remove: input.tags };
    for (const ticket of rows) changeTicketTags(tx, { actor: ctx.actor, ticket, now, ...change });
    return { count: rows.length, files: [], before: [] };
  }
  const { action, value } = input;
  if (action === "status") assertStatus(tx, value);
  else if (action === "priority") assertPriority(tx, value);
  else assertAssignable(tx, value);
  for (const t of rows) {
    const set =
      action === "status"
        ? statusChange(tx, t, value, now)
        : action === "priority"
          ? { priority: value, ...clockFields(getServiceLevels(tx), value, t.createdAt) }
          : { assignedTo: value === null ? null : String(availableAssignee(tx, value, now)) };
    const after = tx
      .update(tickets)
      .set({ ...set, ...touched(now, ctx.actor) })
      .where(eq(tickets.id, t.id))
      .returning()
      .get();
    const field = action === "assign" ? "assignedTo" : action;
    audit(
      action === "status" ? "status_changed" : action === "priority" ? "updated" : "assigned",
      t,
      field,
      after,
    );
    if (action === "status") queueStatusMail({ ...ctx.mail, now }, t, after);
    else if (action === "assign")
      onAssigned(tx, t, after, { actorId: ctx.actor.userId, now, publicUrl: ctx.mail.publicUrl });
  }
  // what an undo puts back
  const before = rows.map((t) => ({ id: t.id, status: t.status }));
  return { count: rows.length, files: [], before };
}
