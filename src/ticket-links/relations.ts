import { and, eq, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { ticketRelations, tickets, type TicketRow } from "../../db/schema";
import type { Actor } from "../audit/audit.service";
import { recordAudit } from "../audit/audit.service";
import type { AuthUser } from "../shared/dto";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import { getTicketByPublicId, getTicketInScope, rowInScope } from "../tickets/tickets.scope";

type Ctx = { db: Db; actor: Actor; user: AuthUser; now: Date };
export type LinkKind = "related" | "parent" | "child";

/** The tickets linked to one, as this ticket sees them (its parent, children, related), within the viewer's scope. */
export function listLinks(db: Db, user: AuthUser, id: number) {
  const t = getTicketInScope(db, user, id);
  const rows = db
    .select()
    .from(ticketRelations)
    .where(or(eq(ticketRelations.fromId, t.id), eq(ticketRelations.toId, t.id)))
    .all();
  return rows.flatMap((r) => {
    const otherId = r.fromId === t.id ? r.toId : r.fromId;
    const other = db.select().from(tickets).where(eq(tickets.id, otherId)).get();
    if (!other || !rowInScope(user, other)) return [];
    const kind: LinkKind = r.kind === "related" ? "related" : r.fromId === t.id ? "child" : "parent";
    const { ticketId, status, description } = other;
    return [
      { id: r.id, kind, ticket: { id: other.id, ticketId, status, description: description.slice(0, 120) } },
    ];
  });
}

const resolve = (db: DbOrTx, user: AuthUser, ref: number | string): TicketRow =>
  typeof ref === "number"
    ? getTicketInScope(db, user, ref)
    : getTicketByPublicId(db, user, ref.toUpperCase());

/** Links two tickets the agent can see: `kind` is what the other ticket is to this one. */
export function addLink(ctx: Ctx & { id: number; other: number | string; kind: LinkKind }) {
  return ctx.db.transaction(
    (tx) => {
      const t = getTicketInScope(tx, ctx.user, ctx.id);
      const other = resolve(tx, ctx.user, ctx.other);
      if (other.id === t.id)
        throw badRequest("A ticket cannot be linked to itself", { ticket: "Choose another ticket" });
      const pair = or(
        and(eq(ticketRelations.fromId, t.id), eq(ticketRelations.toId, other.id)),
        and(eq(ticketRelations.fromId, other.id), eq(ticketRelations.toId, t.id)),
      );
      if (tx.select().from(ticketRelations).where(pair).get())
        throw conflict("These tickets are already linked");
      const [fromId, toId] = ctx.kind === "parent" ? [other.id, t.id] : [t.id, other.id];
      const row = tx
        .insert(ticketRelations)
        .values({ fromId, toId, kind: ctx.kind === "related" ? "related" : "parent", createdAt: ctx.now })
        .returning()
        .get();
      recordAudit(
        tx,
        ctx.actor,
        {
          action: "linked",
          entityType: "ticket",
          entityId: t.ticketId,
          newValue: { ticket: other.ticketId, kind: ctx.kind },
        },
        ctx.now,
      );
      return row;
    },
    { behavior: "immediate" },
  );
}

export function removeLink(ctx: Ctx & { id: number; linkId: number }) {
  ctx.db.transaction((tx) => {
    const t = getTicketInScope(tx, ctx.user, ctx.id);
    const row = tx
      .select()
      .from(ticketRelations)
      .where(
        and(
          eq(ticketRelations.id, ctx.linkId),
          or(eq(ticketRelations.fromId, t.id), eq(ticketRelations.toId, t.id)),
        ),
      )
      .get();
    if (!row) throw notFound("Link");
    tx.delete(ticketRelations).where(eq(ticketRelations.id, row.id)).run();
    recordAudit(
      tx,
      ctx.actor,
      { action: "unlinked", entityType: "ticket", entityId: t.ticketId, oldValue: { link: row.id } },
      ctx.now,
    );
  });
}
