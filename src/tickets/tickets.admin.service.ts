import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  fileAttachments,
  ticketPriorities,
  ticketStatuses,
  tickets,
  users,
  type TicketRow,
} from "../../db/schema";
import type { Deps } from "../deps";
import type { AuthUser } from "../shared/dto";
import { recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, forbidden } from "../errors/domain-error";
import { removeStored } from "../attachments/storage";
import { getTicketInScope } from "./tickets.scope";
import { type MailCtx, queueStatusMail } from "../conversation/notify";
import { PASSWORD_REFUSAL, throttledVerify } from "../auth/login-throttle";

/** `mail` queues the requester's e-mails (completed, burnt) in the same transaction as the change. */
type Ctx = { db: Db; actor: Actor; user: AuthUser; id: number; now: Date; mail?: MailCtx };

/** Scope check, update and audit row in one synchronous transaction (bun:sqlite transactions cannot await). */
function change(
  ctx: Ctx,
  action: string,
  set: (t: TicketRow, tx: Tx) => Partial<TicketRow>,
  field: keyof TicketRow,
  andThen?: (before: TicketRow, after: TicketRow) => void,
): TicketRow {
  return ctx.db.transaction(
    (tx) => {
      const before = getTicketInScope(tx, ctx.user, ctx.id);
      const after = tx
        .update(tickets)
        .set({ ...set(before, tx), updatedAt: ctx.now })
        .where(eq(tickets.id, ctx.id))
        .returning()
        .get();
      recordAudit(
        tx,
        ctx.actor,
        {
          action,
          entityType: "ticket",
          entityId: before.ticketId,
          oldValue: { [field]: before[field] },
          newValue: { [field]: after[field] },
        },
        ctx.now,
      );
      andThen?.(before, after);
      return after;
    },
    { behavior: "immediate" },
  );
}

/** processedAt on the first entry to in_progress; completedAt set on entering completed, cleared on leaving. */
export function updateTicketStatus(ctx: Ctx, status: string): TicketRow {
  return change(
    ctx,
    "status_changed",
    (t, tx) => {
      if (
        !tx
          .select({ id: ticketStatuses.id })
          .from(ticketStatuses)
          .where(eq(ticketStatuses.name, status))
          .get()
      )
        throw badRequest("Invalid status", { status: "Invalid status" });
      const processedAt = status === "in_progress" && !t.processedAt ? ctx.now : t.processedAt;
      const completedAt =
        status === "completed" ? (t.status === "completed" ? t.completedAt : ctx.now) : null;
      return { status, processedAt, completedAt };
    },
    "status",
    (before, after) => ctx.mail && queueStatusMail(ctx.mail, before, after),
  );
}

export function updateTicketPriority(ctx: Ctx, priority: string): TicketRow {
  return change(
    ctx,
    "updated",
    (_t, tx) => {
      if (
        !tx
          .select({ id: ticketPriorities.id })
          .from(ticketPriorities)
          .where(eq(ticketPriorities.name, priority))
          .get()
      )
        throw badRequest("Invalid priority", { priority: "Invalid priority" });
      return { priority };
    },
    "priority",
  );
}

/** Only active users are assignable; null unassigns. */
export function assignTicket(ctx: Ctx, assignedTo: number | null): TicketRow {
  return change(
    ctx,
    "assigned",
    (_t, tx) => {
      if (
        assignedTo !== null &&
        !tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, assignedTo), eq(users.status, "active")))
          .get()
      )
        throw badRequest("User not found", { assignedTo: "User not found" });
      return { assignedTo: assignedTo === null ? null : String(assignedTo) };
    },
    "assignedTo",
  );
}

/**
 * Assignee choices for the detail dialog: active users, names and ids only. Admins also get e-mails
 * (they manage users anyway); staff do not, so one staff account cannot harvest every sign-in address.
 */
export function listAssignees(
  db: Db,
  withEmail: boolean,
): { id: number; firstName: string | null; lastName: string | null; email?: string }[] {
  const rows = db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.status, "active"))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .all();
  return withEmail ? rows : rows.map(({ email: _email, ...rest }) => rest);
}

/**
 * The signed-in user's own password is checked (403 'Incorrect Password', nothing deleted);
 * notes and attachment rows go by cascade in the transaction, their files after the commit.
 */
export async function deleteTicket(deps: Deps, ctx: Omit<Ctx, "db" | "now">, password: string) {
  getTicketInScope(deps.db, ctx.user, ctx.id); // a missing or out-of-scope ticket is 404 whatever the password
  const me = deps.db
    .select({ email: users.email, password: users.password })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .get();
  const verify = {
    email: me?.email ?? ctx.user.email,
    ip: ctx.actor.ip,
    password,
    hash: me?.password ?? null,
  };
  if (!(await throttledVerify(deps, { ...verify, refusal: PASSWORD_REFUSAL })))
    throw forbidden("Incorrect Password");
  const files = deps.db.transaction(
    (tx) => {
      const t = getTicketInScope(tx, ctx.user, ctx.id);
      const paths = tx
        .select({ path: fileAttachments.filePath })
        .from(fileAttachments)
        .where(inArray(fileAttachments.ticketId, [t.id]))
        .all();
      tx.delete(tickets).where(eq(tickets.id, t.id)).run();
      recordAudit(
        tx,
        ctx.actor,
        { action: "deleted", entityType: "ticket", entityId: t.ticketId, oldValue: t },
        deps.now(),
      );
      return paths;
    },
    { behavior: "immediate" },
  );
  await Promise.all(files.map((f) => removeStored(deps.config.uploadsDir, f.path)));
}
