import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import type { FieldCond } from "../shared/schemas/field-filters";
import { valueTest } from "./field-values-sql";

/** Tickets a page may test one by one before reading the values' ranges and sorting them costs less. */
const WALK_MAX = 20_000;
/** A value read through the values index costs about this many tickets tested one by one (a row lookup). */
const LOOKUP_COST = 4;

/** How many values meet `c`, counted up to `upTo`. */
const holders = (db: DbOrTx, c: FieldCond, upTo: number) =>
  db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ticket_field_values v WHERE ${valueTest(c, "index")} LIMIT ${upTo})`,
  )[0]!.n;

const newest = ({ db, cache }: ReadCtx) =>
  cache.get(
    db,
    { kind: "max-id" },
    () => db.all<{ n: number | null }>(sql`SELECT max(id) AS n FROM tickets`)[0]?.n ?? 0,
  );

/**
 * The conditions rarest first, and the share of tickets holding them all (as if independent), each
 * counted only up to what a page of `limit` found within WALK_MAX tested tickets needs.
 */
export function planFields(r: ReadCtx, conds: FieldCond[], limit: number) {
  return r.cache.get(r.db, { kind: "field-plan", filters: conds, page: limit }, () => plan(r, conds, limit));
}

function plan(r: ReadCtx, conds: FieldCond[], limit: number) {
  const { db } = r;
  const total = newest(r);
  if (!total || !conds.length) return { conds, share: 0 };
  const needed = Math.ceil((total * limit) / WALK_MAX);
  const shares = conds.map((c) => ({ c, share: holders(db, c, needed) / total }));
  shares.sort((a, b) => a.share - b.share);
  return { conds: shares.map((s) => s.c), share: shares.reduce((a, s) => a * s.share, 1) };
}

/**
 * Whether a page should walk its order and test each ticket for the values: when a page is found
 * within WALK_MAX tests among the tickets the other filters keep (`others`, when known).
 */
export function pageWalks(r: ReadCtx, share: number, limit: number, others?: number): boolean {
  const kept = others === undefined ? 1 : others / Math.max(newest(r), 1);
  return share * kept * WALK_MAX >= limit;
}

/**
 * Whether counting the tickets that match `others` other tickets and these values costs less by
 * testing those tickets one by one than by reading the rarest value's range.
 */
export function countWalks(db: DbOrTx, conds: FieldCond[], others: number): boolean {
  const first = conds[0];
  return !!first && others < LOOKUP_COST * holders(db, first, Math.ceil(others / LOOKUP_COST) + 1);
}
