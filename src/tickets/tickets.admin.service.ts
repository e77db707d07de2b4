import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { resumeFields } from "../service-levels/waiting-pause";
import type { Db, DbOrTx, Tx } from "../../db/client";
import {
  fileAttachments,
  ticketPriorities,
  ticketStatuses,
  tickets,
  users,
  type TicketRow,
} from "../../db/schema";
import type { Deps, WriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import { recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, forbidden } from "../errors/domain-error";
import { removeStored } from "../attachments/storage";
import { getTicketInScope } from "./tickets.scope";
import { assertFresh } from "./tickets.version";
import { assertNotMerged } from "../ticket-links/merged";
import { type MailCtx, queueStatusMail } from "../conversation/notify";
import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
import { responseOnStatus } from "../service-levels/ticket-clocks";
import { PASSWORD_REFUSAL, throttledVerify } from "../auth/login-throttle";
import { readsEveryAddress } from "../users/colleague-address";
import { runAutomations } from "../automation/engine";
import { availableAssignee } from "../notifications/preferences";
import { onAssigned } from "../notifications/triggers";

/**
 * `mail` queues the requester's e-mails (completed, burnt) in the same transaction as the change;
 * `ifMatch` is the version the writer last saw (a newer one refuses the write with 409).
 */
export type Ctx = {
  db: Db;
  actor: Actor;
  user: AuthUser;
  id: number;
  now: Date;
  mail?: MailCtx;
  ifMatch?: number;
};

/** What every ticket write sets besides its own fields: the time, the next version, the writer. */
export const touched = (now: Date, actor: Actor) => ({
  updatedAt: now,
  version: sql`${tickets.version} + 1`,
  updatedBy: actor.userId,
});

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
      assertNotMerged(tx, before);
      assertFresh(tx, before, ctx.ifMatch, ctx.user);
      const after = tx
        .update(tickets)
        .set({ ...set(before, tx), ...touched(ctx.now, ctx.actor) })
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
      return runAutomations(tx, {
        trigger: "changed",
        ticket: after,
        changes: { [field]: [before[field], after[field]] },
        now: ctx.now,
        env: { mail: ctx.mail },
      });
    },
    { behavior: "immediate" },
  );
}

export function assertStatus(tx: DbOrTx, status: string) {
  if (!tx.select({ id: ticketStatuses.id }).from(ticketStatuses).where(eq(ticketStatuses.name, status)).get())
    throw badRequest("Invalid status", { status: "Invalid status" });
}

export function assertPriority(tx: DbOrTx, priority: string) {
  if (
    !tx
      .select({ id: ticketPriorities.id })
      .from(ticketPriorities)
      .where(eq(ticketPriorities.name, priority))
      .get()
  )
    throw badRequest("Invalid priority", { priority: "Invalid priority" });
}

/** Only active users are assignable; null unassigns. */
export function assertAssignable(tx: DbOrTx, assignedTo: number | null) {
  if (
    assignedTo !== null &&
    !tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assignedTo), eq(users.status, "active")))
      .get()
  )
    throw badRequest("User not found", { assignedTo: "User not found" });
}

/** processedAt on the first entry to in_progress; completedAt set on entering completed, cleared on leaving. */
export function statusFields(t: TicketRow, status: string, now: Date) {
  const processedAt = status === "in_progress" && !t.processedAt ? now : t.processedAt;
  const completedAt = status === "completed" ? (t.status === "completed" ? t.completedAt : now) : null;
  const statusChangedAt = status === t.status ? t.statusChangedAt : now;
  return { status, processedAt, completedAt, statusChangedAt };
}

/** Every column a status change sets: its dates, the first response, and the waiting clock's pause. */
export function statusChange(tx: DbOrTx, t: TicketRow, status: string, now: Date) {
  return {
    ...statusFields(t, status, now),
    ...responseOnStatus(t, status, now),
    ...resumeFields(tx, t, status, now),
  };
}

export function updateTicketStatus({ status, ...ctx }: Ctx & { status: string }): TicketRow {
  return change(
    ctx,
    "status_changed",
    (t, tx) => {
      assertStatus(tx, status);
      return statusChange(tx, t, status, ctx.now);
    },
    "status",
    (before, after) => ctx.mail && queueStatusMail(ctx.mail, before, after),
  );
}

export function updateTicketPriority({ priority, ...ctx }: Ctx & { priority: string }): TicketRow {
  return change(
    ctx,
    "updated",
    (t, tx) => {
      assertPriority(tx, priority);
      return { priority, ...clockFields(getServiceLevels(tx), priority, t.createdAt) };
    },
    "priority",
  );
}

export function assignTicket({ assignedTo, ...ctx }: Ctx & { assignedTo: number | null }): TicketRow {
  return change(
    ctx,
    "assigned",
    (_t, tx) => {
      assertAssignable(tx, assignedTo);
      return { assignedTo: assignedTo === null ? null : String(availableAssignee(tx, assignedTo, ctx.now)) };
    },
    "assignedTo",
    (before, after) =>
      onAssigned(ctx.db, before, after, {
        actorId: ctx.actor.userId,
        now: ctx.now,
        publicUrl: ctx.mail?.publicUrl,
      }),
  );
}

/** Assignee choices for the detail dialog: active users, names and ids; e-mails only for admins. */
export function listAssignees(
  db: Db,
  viewer: Pick<AuthUser, "id" | "role">,
): { id: number; firstName: string | null; lastName: string | null; email?: string }[] {
  const rows = db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.status, "active"))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .all();
  return readsEveryAddress(viewer) ? rows : rows.map(({ email: _email, ...rest }) => rest);
}

/** The signed-in user's own password, checked within the sign-in throttle: a stolen session cannot guess it. */
export async function checkOwnPassword({
  deps,
  actor,
  user,
  password,
}: {
  deps: Deps;
  actor: Actor;
  user: AuthUser;
  password: string;
}) {
  const me = deps.db
    .select({ email: users.email, password: users.password })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  const verify = { email: me?.email ?? user.email, ip: actor.ip, password, hash: me?.password ?? null };
  if (!(await throttledVerify(deps, { ...verify, refusal: PASSWORD_REFUSAL })))
    throw forbidden("Incorrect Password");
}

/**
 * The signed-in user's own password is checked (403 'Incorrect Password', nothing deleted);
 * notes and attachment rows go by cascade in the transaction, their files after the commit.
 */
export async function deleteTicket({
  deps,
  password,
  ...ctx
}: WriteCtx & Pick<Ctx, "user" | "id" | "ifMatch"> & { password: string }) {
  const found = getTicketInScope(deps.db, ctx.user, ctx.id); // a missing or out-of-scope ticket is 404 whatever the password
  assertFresh(deps.db, found, ctx.ifMatch, ctx.user);
  await checkOwnPassword({ deps, actor: ctx.actor, user: ctx.user, password });
  const files = deps.db.transaction(
    (tx) => {
      const t = getTicketInScope(tx, ctx.user, ctx.id);
      assertFresh(tx, t, ctx.ifMatch, ctx.user);
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
        ctx.now,
      );
      return paths;
    },
    { behavior: "immediate" },
  );
  await Promise.all(files.map((f) => removeStored(deps.config.uploadsDir, f.path)));
}
