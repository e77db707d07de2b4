import { and, asc, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { tags, ticketTags, tickets, type TagRow } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import { notFound } from "../errors/domain-error";
import { tagKey, uniqueNames } from "./ticket-tags";

type Ctx = { db: Db; actor: Actor; now: Date };

/** Tags whose name starts with `q` (any case), with how many tickets carry each. */
export function listTags(db: Db, q?: string, limit = 200) {
  const uses = sql<number>`(SELECT count(*) FROM ${ticketTags} WHERE ${ticketTags.tagId} = ${tags.id})`;
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, tickets: uses })
    .from(tags)
    .where(q ? like(tags.nameKey, `${tagKey(q).replace(/[\\%_]/g, "\\$&")}%`) : undefined)
    .orderBy(asc(tags.nameKey))
    .limit(limit)
    .all();
}

const tagOf = (tx: Tx, id: number) => {
  const row = tx.select().from(tags).where(eq(tags.id, id)).get();
  if (!row) throw notFound("Tag");
  return row;
};

/** Rewrites the shown names of every ticket carrying `tagId`: `from` becomes `to`, or goes when `to` is null. */
function rewriteTickets(tx: Tx, tagId: number, from: string, to: string | null) {
  const rows = tx
    .select({ id: tickets.id, tags: tickets.tags })
    .from(tickets)
    .where(
      inArray(
        tickets.id,
        tx.select({ id: ticketTags.ticketId }).from(ticketTags).where(eq(ticketTags.tagId, tagId)),
      ),
    )
    .all();
  for (const r of rows) {
    const names = r.tags.flatMap((n) => (tagKey(n) === tagKey(from) ? (to === null ? [] : [to]) : [n]));
    tx.update(tickets)
      .set({ tags: uniqueNames(names) })
      .where(eq(tickets.id, r.id))
      .run();
  }
}

/**
 * Renames or recolours a tag. A name another tag already has (in any case) merges this tag into that
 * one: its tickets carry the other, and this one is gone.
 */
export function updateTag(ctx: Ctx & { id: number; name?: string; color?: string }): TagRow {
  return ctx.db.transaction(
    (tx) => {
      const before = tagOf(tx, ctx.id);
      const name = ctx.name?.trim();
      const into = name
        ? tx
            .select()
            .from(tags)
            .where(and(eq(tags.nameKey, tagKey(name)), ne(tags.id, before.id)))
            .get()
        : undefined;
      if (into) return mergeTag(tx, ctx, before, into);
      const after = tx
        .update(tags)
        .set({
          ...(name ? { name, nameKey: tagKey(name) } : {}),
          color: ctx.color ?? before.color,
          updatedAt: ctx.now,
        })
        .where(eq(tags.id, before.id))
        .returning()
        .get();
      if (after.name !== before.name) rewriteTickets(tx, after.id, before.name, after.name);
      const old = { name: before.name, color: before.color };
      const now = { name: after.name, color: after.color };
      recordAudit(
        tx,
        ctx.actor,
        { action: "tag_updated", entityType: "tag", entityId: after.id, oldValue: old, newValue: now },
        ctx.now,
      );
      return after;
    },
    { behavior: "immediate" },
  );
}

function mergeTag(tx: Tx, ctx: Ctx, from: TagRow, into: TagRow): TagRow {
  rewriteTickets(tx, from.id, from.name, into.name);
  tx.run(
    sql`INSERT OR IGNORE INTO ${ticketTags} (tag_id, ticket_id) SELECT ${into.id}, ticket_id FROM ${ticketTags} WHERE tag_id = ${from.id}`,
  );
  tx.delete(tags).where(eq(tags.id, from.id)).run();
  recordAudit(
    tx,
    ctx.actor,
    {
      action: "tag_merged",
      entityType: "tag",
      entityId: into.id,
      oldValue: { name: from.name },
      newValue: { name: into.name },
    },
    ctx.now,
  );
  return into;
}

/** Removes a tag from every ticket and from the list. */
export function deleteTag(ctx: Ctx & { id: number }) {
  ctx.db.transaction(
    (tx) => {
      const tag = tagOf(tx, ctx.id);
      rewriteTickets(tx, tag.id, tag.name, null);
      tx.delete(tags).where(eq(tags.id, tag.id)).run();
      recordAudit(
        tx,
        ctx.actor,
        { action: "tag_deleted", entityType: "tag", entityId: tag.id, oldValue: { name: tag.name } },
        ctx.now,
      );
    },
    { behavior: "immediate" },
  );
}
