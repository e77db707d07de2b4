import { setTicketTags } from "../tags/ticket-tags";
import { runAutomations } from "../automation/engine";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { GroupCommit } from "../../db/group-commit";
import { companies, ticketDepartments, ticketTypes, tickets, type TicketRow } from "../../db/schema";
import { recordAudit } from "../audit/audit.service";
import { checkedPhone } from "../settings/phone-rules";
import { badRequest } from "../errors/domain-error";
import { queueStatusMail } from "../conversation/notify";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import type { TicketEditInput } from "../shared/schemas/admin-ticket";
import { getTicketInScope } from "./tickets.scope";
import { assertFresh } from "./tickets.version";
import { availableAssignee } from "../notifications/preferences";
import { onAssigned } from "../notifications/triggers";
import {
  assertAssignable,
  assertPriority,
  assertStatus,
  statusChange,
  touched,
  type Ctx,
} from "./tickets.admin.service";

/** The fields an edit may change, each with its own audit row; companyId is recorded as the company's name. */
const AUDITED = [
  "department",
  "ticketType",
  "companyName",
  "location",
  "description",
  "priority",
  "status",
  "assignedTo",
  "firstName",
  "lastName",
  "email",
  "phone",
] as const satisfies readonly (keyof TicketRow)[];
const actionOf = (field: string) =>
  field === "status" ? "status_changed" : field === "assignedTo" ? "assigned" : "updated";

/** A list value must be active, unless the ticket already carries it. */
function assertListed(
  tx: Tx,
  table: typeof ticketDepartments | typeof ticketTypes,
  value: string,
  field: string,
) {
  const row = tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.name, value), eq(table.isActive, true)))
    .get();
  const message = field === "department" ? "Department is required" : "Ticket type is required";
  if (!row) throw badRequest(message, { [field]: message });
}

function companyOf(tx: Tx, id: number) {
  const row = tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.isActive, true)))
    .get();
  if (!row) throw badRequest("Company must be selected", { companyId: "Company must be selected" });
  return { companyId: row.id, companyName: row.name };
}

/** The columns to write: the asked values (checked against the lists) and what each one moves with it. */
function columnsFor(tx: Tx, t: TicketRow, e: TicketEditInput, now: Date): Partial<TicketRow> {
  const { companyId, status, priority, assignedTo, ...plain } = e;
  const set: Partial<TicketRow> = {
    ...plain,
    location: e.location === undefined ? t.location : e.location || null,
  };
  if (e.phone !== undefined && e.phone !== t.phone) Object.assign(set, checkedPhone(tx, e.phone, false));
  if (e.department !== undefined && e.department !== t.department)
    assertListed(tx, ticketDepartments, e.department, "department");
  if (e.ticketType !== undefined && e.ticketType !== t.ticketType)
    assertListed(tx, ticketTypes, e.ticketType, "ticketType");
  if (companyId !== undefined && companyId !== t.companyId) Object.assign(set, companyOf(tx, companyId));
  if (priority !== undefined && priority !== t.priority) {
    assertPriority(tx, priority);
    Object.assign(set, { priority, ...clockFields(getServiceLevels(tx), priority, t.createdAt) });
  }
  if (status !== undefined && status !== t.status) {
    assertStatus(tx, status);
    Object.assign(set, statusChange(tx, t, status, now));
  }
  if (assignedTo !== undefined) {
    assertAssignable(tx, assignedTo);
    set.assignedTo = assignedTo === null ? null : String(availableAssignee(tx, assignedTo, now));
  }
  return set;
}

/**
 * Any subset of a ticket's fields: scope and version checked first, one audit row per changed field
 * (old → new), the requester's status mail as a status change sends it. Committed with the writes
 * arriving meanwhile (GroupCommit), so a save waits for one fsync, not a queue of them.
 */
export const editTicketGrouped = (groupCommit: GroupCommit, edit: Edit): Promise<TicketRow> =>
  groupCommit.run((tx) => {
    // a batch that fails is run again write by write: the mail held is the last run's
    edit.mail?.hold?.ids.splice(0);
    return editIn(tx, edit);
  });

type Edit = Ctx & { changes: TicketEditInput };

function editIn(tx: Tx, { changes, ...ctx }: Edit): TicketRow {
  const before = getTicketInScope(tx, ctx.user, ctx.id);
  assertFresh(tx, before, ctx.ifMatch, ctx.user);
  const { tags, ...fields } = changes;
  const set = columnsFor(tx, before, fields, ctx.now);
  const changed = AUDITED.filter((f) => f in set && set[f] !== before[f]);
  let after = changed.length
    ? tx
        .update(tickets)
        .set({ ...set, ...touched(ctx.now, ctx.actor) })
        .where(eq(tickets.id, ctx.id))
        .returning()
        .get()
    : before;
  if (tags !== undefined)
    after = setTicketTags(tx, { actor: ctx.actor, ticket: after, names: tags, now: ctx.now });
  if (after === before) return before;
  for (const field of changed)
    recordAudit(
      tx,
      ctx.actor,
      {
        action: actionOf(field),
        entityType: "ticket",
        entityId: before.ticketId,
        oldValue: { [field]: before[field] },
        newValue: { [field]: after[field] },
      },
      ctx.now,
    );
  if (ctx.mail) queueStatusMail(ctx.mail, before, after);
  onAssigned(tx, before, after, {
    actorId: ctx.actor.userId,
    now: ctx.now,
    publicUrl: ctx.mail?.publicUrl,
  });
  const diffs = Object.fromEntries(changed.map((f) => [f, [before[f], after[f]] as [unknown, unknown]]));
  return runAutomations(tx, {
    trigger: "changed",
    ticket: after,
    changes: diffs,
    now: ctx.now,
    env: { mail: ctx.mail },
  });
}
