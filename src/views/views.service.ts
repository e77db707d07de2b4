import { and, asc, eq, max, sql } from "drizzle-orm";
import { perConnection, type Db, type DbOrTx } from "../../db/client";
import { savedViews, type SavedViewRow } from "../../db/schema";
import type { AuthUser } from "../shared/dto";
import { ticketFiltersSchema, type TicketFilters } from "../shared/schemas/filters";
import { MAX_SAVED_VIEWS, type SavedViewInput } from "../shared/schemas/view";
import { diff, recordAudit, type Actor } from "../audit/audit.service";
import { badRequest, conflict, notFound } from "../errors/domain-error";
import { countTickets } from "../tickets/tickets.queries";
import type { ReadCache, ReadCtx } from "../../db/read-cache";
import { BUILTIN_VIEWS } from "./builtin-views";
import { withFieldConds } from "../custom-fields/field-filters";

type Ctx = { db: Db; actor: Actor; user: AuthUser; now: Date };
const immediate = { behavior: "immediate" } as const;

/**
 * The quick views, then the user's own in their order, each with its ticket count: from the count
 * tables where the filters allow it, else counted up to `cap` (countIsExact false beyond).
 */
export function listViews(r: ReadCtx & { db: Db }, user: AuthUser, cap: number, now: Date) {
  const { db } = r;
  const count = (filters: Record<string, string>) => {
    const f = withFieldConds(r, { ...filtersOf(r.cache, filters), dueNow: now });
    const { total, totalIsExact } = countTickets(r, user, f, cap);
    return { count: total, countIsExact: totalIsExact };
  };
  const builtin = BUILTIN_VIEWS.map((v) => ({
    ...v,
    builtin: true,
    viewMode: "list" as const,
    ...count(v.filters),
  }));
  const own = ownViews(db, user.id).map((v) => ({ ...toDto(v), ...count(v.filters) }));
  return [...builtin, ...own];
}

/** Parsed filters kept by their text; past this many the longest kept is let go. */
const KEPT_FILTERS = 1_024;
const keptFiltersOf = (cache: ReadCache) =>
  cache.lasting("view-filters", KEPT_FILTERS, () => new Map<string, Readonly<TicketFilters>>());

/**
 * A view's filters parsed once, not on every listing: the listing comes with every visit to the queue,
 * and parsing each time made most of its garbage. Frozen, since every listing shares them.
 */
function filtersOf(cache: ReadCache, filters: Record<string, string>): Readonly<TicketFilters> {
  const kept = keptFiltersOf(cache);
  const key = JSON.stringify(filters);
  let parsed = kept.get(key);
  if (!parsed) {
    const f = ticketFiltersSchema.parse(filters);
    for (const value of Object.values(f)) if (typeof value === "object" && value) Object.freeze(value);
    parsed = Object.freeze(f);
    if (kept.size >= KEPT_FILTERS) kept.delete(kept.keys().next().value!);
    kept.set(key, parsed);
  }
  return parsed;
}

const toDto = (v: SavedViewRow) => ({
  id: v.id,
  name: v.name,
  filters: v.filters,
  viewMode: v.viewMode,
  position: v.position,
  builtin: false,
});
/**
 * The user's own views in their order. The statement is prepared once per handle (the database, or a
 * write's transaction) instead of a query built on every listing, which halved the listing's speed.
 */
const ownViewsQuery = perConnection((db: DbOrTx) =>
  db
    .select()
    .from(savedViews)
    .where(eq(savedViews.userId, sql.placeholder("userId")))
    .orderBy(asc(savedViews.position), asc(savedViews.id))
    .prepare(),
);
const ownViews = (db: DbOrTx, userId: number) => ownViewsQuery(db).all({ userId });

/** Another user's view does not exist for this one. */
function own(db: DbOrTx, user: AuthUser, id: number) {
  const row = db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, user.id)))
    .get();
  if (!row) throw notFound("View");
  return row;
}

const audit = (ctx: Ctx, tx: DbOrTx, action: string, id: number, oldValue?: unknown, newValue?: unknown) =>
  recordAudit(tx, ctx.actor, { action, entityType: "saved_view", entityId: id, oldValue, newValue }, ctx.now);

export function createView({ input, ...ctx }: Ctx & { input: SavedViewInput }) {
  return ctx.db.transaction((tx) => {
    const mine = ownViews(tx, ctx.user.id).length;
    if (mine >= MAX_SAVED_VIEWS) throw conflict(`At most ${MAX_SAVED_VIEWS} saved views`);
    const last = tx
      .select({ p: max(savedViews.position) })
      .from(savedViews)
      .where(eq(savedViews.userId, ctx.user.id))
      .get();
    const row = tx
      .insert(savedViews)
      .values({
        ...input,
        userId: ctx.user.id,
        position: (last?.p ?? 0) + 1,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning()
      .get();
    audit(ctx, tx, "view_created", row.id, undefined, toDto(row));
    return toDto(row);
  }, immediate);
}

export function updateView({ id, input, ...ctx }: Ctx & { id: number; input: SavedViewInput }) {
  return ctx.db.transaction((tx) => {
    const before = own(tx, ctx.user, id);
    const row = tx
      .update(savedViews)
      .set({ ...input, updatedAt: ctx.now })
      .where(eq(savedViews.id, id))
      .returning()
      .get();
    const { oldValue, newValue } = diff(toDto(before), toDto(row));
    audit(ctx, tx, "view_updated", id, oldValue, newValue);
    return toDto(row);
  }, immediate);
}

export function deleteView({ id, ...ctx }: Ctx & { id: number }) {
  ctx.db.transaction((tx) => {
    const before = own(tx, ctx.user, id);
    tx.delete(savedViews).where(eq(savedViews.id, id)).run();
    audit(ctx, tx, "view_deleted", id, toDto(before));
  }, immediate);
}

/** The new order must name each of the user's views once; positions follow it. */
export function reorderViews({ ids, ...ctx }: Ctx & { ids: number[] }) {
  return ctx.db.transaction((tx) => {
    const current = ownViews(tx, ctx.user.id).map((v) => v.id);
    const same =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((i) => current.includes(i));
    if (!same) throw badRequest("The order must list each of your views once", { ids: "Invalid order" });
    for (const [i, id] of ids.entries())
      tx.update(savedViews)
        .set({ position: i + 1, updatedAt: ctx.now })
        .where(eq(savedViews.id, id))
        .run();
    audit(ctx, tx, "views_reordered", ctx.user.id, { ids: current }, { ids });
    return ownViews(tx, ctx.user.id).map(toDto);
  }, immediate);
}
