import { and, desc, asc, eq, isNull, like, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { savedReplies, type SavedReplyRow } from "../../db/schema";
import type { DbWriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import type { SavedReplyInput } from "../shared/schemas/saved-reply";
import { recordAudit } from "../audit/audit.service";
import { forbidden, notFound } from "../errors/domain-error";
import { assertStatus } from "../tickets/tickets.admin.service";

type Ctx = DbWriteCtx & { user: AuthUser };

const toSavedReply = (r: SavedReplyRow) => ({
  id: r.id,
  title: r.title,
  body: r.body,
  shared: r.ownerId === null,
  status: r.status,
  tags: r.tags,
  usageCount: r.usageCount,
});

const visible = (user: AuthUser) => or(isNull(savedReplies.ownerId), eq(savedReplies.ownerId, user.id));

/** The user's own replies and the shared ones, the most used first; `q` searches the titles. */
export function listSavedReplies(db: Db, user: AuthUser, q?: string) {
  const title = q ? like(savedReplies.title, `%${q.replace(/[\\%_]/g, "\\$&")}%`) : undefined;
  return db
    .select()
    .from(savedReplies)
    .where(and(visible(user), title ? sql`${title} ESCAPE '\\'` : undefined))
    .orderBy(desc(savedReplies.usageCount), asc(savedReplies.title))
    .limit(200)
    .all()
    .map(toSavedReply);
}

/** A reply the user may use, else 404. */
export function getSavedReply(db: DbOrTx, user: AuthUser, id: number): SavedReplyRow {
  const row = db
    .select()
    .from(savedReplies)
    .where(and(eq(savedReplies.id, id), visible(user)))
    .get();
  if (!row) throw notFound("Saved reply");
  return row;
}

/** Shared replies are managed by admins; one's own by oneself. */
function assertManages(user: AuthUser, shared: boolean) {
  if (shared && user.role !== "admin") throw forbidden("Only administrators manage shared replies");
}

export function createSavedReply(ctx: Ctx, input: SavedReplyInput) {
  assertManages(ctx.user, input.shared);
  return ctx.db.transaction((tx) => {
    if (input.status) assertStatus(tx, input.status);
    const { shared, ...fields } = input;
    const row = tx
      .insert(savedReplies)
      .values({ ...fields, ownerId: shared ? null : ctx.user.id, createdAt: ctx.now, updatedAt: ctx.now })
      .returning()
      .get();
    recordAudit(
      tx,
      ctx.actor,
      {
        action: "saved_reply_created",
        entityType: "saved_reply",
        entityId: row.id,
        newValue: toSavedReply(row),
      },
      ctx.now,
    );
    return toSavedReply(row);
  });
}

export function updateSavedReply(ctx: Ctx, id: number, input: SavedReplyInput) {
  return ctx.db.transaction((tx) => {
    const before = getSavedReply(tx, ctx.user, id);
    assertManages(ctx.user, before.ownerId === null || input.shared);
    if (input.status) assertStatus(tx, input.status);
    const { shared, ...fields } = input;
    const ownerId = shared ? null : (before.ownerId ?? ctx.user.id);
    const row = tx
      .update(savedReplies)
      .set({ ...fields, ownerId, updatedAt: ctx.now })
      .where(eq(savedReplies.id, id))
      .returning()
      .get();
    recordAudit(
      tx,
      ctx.actor,
      {
        action: "saved_reply_updated",
        entityType: "saved_reply",
        entityId: id,
        oldValue: toSavedReply(before),
        newValue: toSavedReply(row),
      },
      ctx.now,
    );
    return toSavedReply(row);
  });
}

export function deleteSavedReply(ctx: Ctx, id: number) {
  ctx.db.transaction((tx) => {
    const before = getSavedReply(tx, ctx.user, id);
    assertManages(ctx.user, before.ownerId === null);
    tx.delete(savedReplies).where(eq(savedReplies.id, id)).run();
    recordAudit(
      tx,
      ctx.actor,
      {
        action: "saved_reply_deleted",
        entityType: "saved_reply",
        entityId: id,
        oldValue: toSavedReply(before),
      },
      ctx.now,
    );
  });
}
