import { and, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import type { FieldCond } from "../shared/schemas/field-filters";
import { holds, valueTest } from "./field-values-sql";

/** Tickets a page may test one by one before reading the values' ranges and sorting them costs less. */
const WALK_MAX = 20_000;
/** Values a plan counts of each condition at least: to read the rarest first, and for the filters beside. */
const RAREST_UP_TO = 50_000;
/** The newest tickets a plan of several conditions tests, for the share holding them all. */
const SAMPLE = 2_000;
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
 * The conditions rarest first, the share of tickets holding them all, and the rarest one's values. A lone
 * condition is counted up to what a page found within WALK_MAX tested tickets needs, or RAREST_UP_TO.
 */
export function planFields(r: ReadCtx, conds: FieldCond[], limit: number) {
  return r.cache.get(r.db, { kind: "field-plan", filters: conds, page: limit }, () => plan(r, conds, limit));
}

function plan(r: ReadCtx, conds: FieldCond[], limit: number) {
  const { db } = r;
  const total = newest(r);
  if (!total || !conds.length) return { conds, share: 0, holders: 0 };
  // other filters may keep a small part of the tickets, so a lone value is counted past a page's need
  if (conds.length === 1) {
    const needed = Math.max(Math.ceil((total * limit) / WALK_MAX), RAREST_UP_TO);
    const n = holders(db, conds[0]!, needed);
    return { conds, share: n / total, holders: n };
  }
  // Several values on one ticket are seldom independent (a product and its seats): their joint share
  // is seen on the newest tickets, where a page's walk starts.
  const counted = conds.map((c) => ({ c, n: holders(db, c, RAREST_UP_TO) })).sort((a, b) => a.n - b.n);
  const rarest = counted.map((x) => x.c);
  return { conds: rarest, share: jointShare(db, rarest, total), holders: counted[0]!.n };
}

/** The share of the newest SAMPLE tickets (up to `newestId`) holding every value, tested rarest first. */
function jointShare(db: DbOrTx, conds: FieldCond[], newestId: number) {
  const all = and(...conds.map((c) => holds(c, sql`t.id`)));
  const [row] = db.all<{ n: number; hits: number | null }>(
    sql`SELECT count(*) AS n, sum(${all}) AS hits FROM tickets t WHERE t.id > ${newestId - SAMPLE}`,
  );
  return row?.n ? (row.hits ?? 0) / row.n : 0;
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
