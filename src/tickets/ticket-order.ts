import { asc, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketCounts, ticketPriorities, ticketStatuses, tickets } from "../../db/schema";
import type { TicketDto } from "../shared/dto";
import type { TicketFilters, TicketSort } from "../shared/schemas/filters";
import { badRequest } from "../errors/domain-error";
import { memoUntilChange } from "../../db/read-memo";

/** The time column a page is read in, its direction, and the reader's ORDER BY key (ticket-rows). */
export type Order = {
  sort: TicketSort;
  dir: "asc" | "desc";
  time: "createdAt" | "updatedAt";
  column: typeof tickets.createdAt | typeof tickets.updatedAt;
  rows: "created:asc" | "created:desc" | "updated:asc" | "updated:desc";
};
/** A run of the sorted list read from one index range: all tickets, or those of one status/priority. */
export type Segment = { value: string | null; where?: SQL };
/** Where the previous page ended: its last ticket's segment value, time (ms) and id. */
export type Key = { v: string | null; t: number; id: number };

export function orderOf(f: Pick<TicketFilters, "sort" | "order">): Order {
  const updated = f.sort === "updated";
  return {
    sort: f.sort,
    dir: f.order,
    time: updated ? "updatedAt" : "createdAt",
    column: updated ? tickets.updatedAt : tickets.createdAt,
    rows: `${updated ? "updated" : "created"}:${f.order}`,
  };
}

/**
 * Status and priority sort in their configured list order (urgent above low, not alphabetical):
 * the list is read one value at a time from the (value, created_at) index, so no rank column has
 * to be rewritten when an admin reorders the list. Values no longer configured rank after the list.
 */
export function segmentsOf(db: DbOrTx, o: Order): Segment[] {
  if (o.sort !== "priority" && o.sort !== "status") return [{ value: null }];
  const list = o.sort === "priority" ? ticketPriorities : ticketStatuses;
  const col = o.sort === "priority" ? tickets.priority : tickets.status;
  const counted = o.sort === "priority" ? ticketCounts.priority : ticketCounts.status;
  // the values change only with the lists or the tickets: kept until the next write
  const values = memoUntilChange(db, `segments:${o.sort}`, () => {
    const configured = db
      .select({ name: list.name })
      .from(list)
      .orderBy(asc(list.position), asc(list.id))
      .all();
    const names = configured.map((r) => r.name);
    const stored = db
      .selectDistinct({ v: counted })
      .from(ticketCounts)
      .where(sql`${ticketCounts.n} > 0`)
      .all();
    return [
      ...names,
      ...stored
        .map((r) => r.v)
        .filter((v) => !names.includes(v))
        .sort(),
    ];
  });
  const ordered = o.dir === "desc" ? values.toReversed() : values;
  return ordered.map((value) => ({ value, where: sql`${col} = ${value}` }));
}

/** Tickets after `k` in the order, within k's segment: a range on the time index plus the id tie-break. */
export function afterKey(o: Order, k: Key): SQL {
  return o.dir === "desc"
    ? sql`${o.column} <= ${k.t} AND (${o.column} < ${k.t} OR ${tickets.id} < ${k.id})`
    : sql`${o.column} >= ${k.t} AND (${o.column} > ${k.t} OR ${tickets.id} > ${k.id})`;
}

/** Tickets that can still rank before (or tie with) `row` inside one segment. */
export function notAfter(o: Order, row: TicketDto): SQL {
  const t = Date.parse(row[o.time]);
  return o.dir === "desc" ? sql`${o.column} >= ${t}` : sql`${o.column} <= ${t}`;
}

/** Compares two tickets of one segment in the page's order. */
export const compareIn = (o: Order) => (a: TicketDto, b: TicketDto) => {
  const sign = o.dir === "desc" ? -1 : 1;
  const [x, y] = [Date.parse(a[o.time]), Date.parse(b[o.time])];
  return sign * (x !== y ? x - y : a.id - b.id);
};

export const keyOf = (o: Order, row: TicketDto): Key => ({
  v: o.sort === "priority" ? row.priority : o.sort === "status" ? row.status : null,
  t: Date.parse(row[o.time]),
  id: row.id,
});

/** Cursors are opaque to clients: base64url of the sort and the last row's key. */
export const encodeCursor = (o: Order, k: Key) =>
  Buffer.from(JSON.stringify([o.sort, o.dir, k.v, k.t, k.id])).toString("base64url");

export function decodeCursor(o: Order, cursor: string): Key {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
  }
  if (!Array.isArray(parts) || parts.length !== 5)
    throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
  const [sort, dir, v, t, id] = parts;
  const ok =
    sort === o.sort &&
    dir === o.dir &&
    (v === null || typeof v === "string") &&
    Number.isSafeInteger(t) &&
    Number.isSafeInteger(id);
  if (!ok) throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
  return { v, t, id };
}
