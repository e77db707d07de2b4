import { asc, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { ticketCounts, ticketPriorities, ticketStatuses, tickets } from "../../db/schema";
import type { TicketDto } from "../shared/dto";
import type { TicketFilters, TicketSort } from "../shared/schemas/filters";
import { badRequest } from "../errors/domain-error";
import type { ReadCtx } from "../../db/read-cache";

/** The time column a page is read in, its direction, and the reader's ORDER BY key (ticket-rows). */
export type Order = {
  sort: TicketSort;
  dir: "asc" | "desc";
  time: "createdAt" | "updatedAt" | "nextDueAt";
  column: typeof tickets.createdAt | typeof tickets.updatedAt | typeof tickets.nextDueAt;
  rows: `${"created" | "updated" | "due"}:${"asc" | "desc"}`;
};
/** A run of the sorted list read from one index range: all tickets, or those of one status/priority. */
export type Segment = { value: string | null; where?: SQL };
/** Where the previous page ended: its last ticket's segment value, time (ms; null past the due times) and id. */
export type Key = { v: string | null; t: number | null; id: number };

const TIME_OF = {
  updated: { time: "updatedAt", column: tickets.updatedAt, rows: "updated" },
  due: { time: "nextDueAt", column: tickets.nextDueAt, rows: "due" },
  created: { time: "createdAt", column: tickets.createdAt, rows: "created" },
} as const;

export function orderOf(f: Pick<TicketFilters, "sort" | "order">): Order {
  const by = f.sort === "updated" || f.sort === "due" ? TIME_OF[f.sort] : TIME_OF.created;
  return { sort: f.sort, dir: f.order, time: by.time, column: by.column, rows: `${by.rows}:${f.order}` };
}

/**
 * By due: tickets with a running clock by their next due time (either way), then those without one,
 * newest first or oldest first. Two ranges of the one next-due index, so no ticket is unreachable.
 */
const DUE_SEGMENTS: Segment[] = [
  { value: "due", where: isNotNull(tickets.nextDueAt) },
  { value: "none", where: isNull(tickets.nextDueAt) },
];

/**
 * Status and priority sort in their configured list order (urgent above low, not alphabetical):
 * the list is read one value at a time from the (value, created_at) index, so no rank column has
 * to be rewritten when an admin reorders the list. Values no longer configured rank after the list.
 */
export function segmentsOf({ db, cache }: ReadCtx, o: Order): Segment[] {
  if (o.sort === "due") return DUE_SEGMENTS;
  if (o.sort !== "priority" && o.sort !== "status") return [{ value: null }];
  const list = o.sort === "priority" ? ticketPriorities : ticketStatuses;
  const col = o.sort === "priority" ? tickets.priority : tickets.status;
  const counted = o.sort === "priority" ? ticketCounts.priority : ticketCounts.status;
  // the values change only with the lists or the tickets: kept until the next write
  const values = cache.get(db, { kind: "segments", order: o.sort }, () => {
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
  // without a due time the segment is ordered by id alone
  if (k.t === null) return o.dir === "desc" ? sql`${tickets.id} < ${k.id}` : sql`${tickets.id} > ${k.id}`;
  return o.dir === "desc"
    ? sql`${o.column} <= ${k.t} AND (${o.column} < ${k.t} OR ${tickets.id} < ${k.id})`
    : sql`${o.column} >= ${k.t} AND (${o.column} > ${k.t} OR ${tickets.id} > ${k.id})`;
}

const timeOf = (o: Order, row: TicketDto) => {
  const at = row[o.time];
  return at === null ? null : Date.parse(at);
};

/** Tickets that can still rank before (or tie with) `row` inside one segment. */
export function notAfter(o: Order, row: TicketDto): SQL {
  const t = timeOf(o, row);
  if (t === null) return o.dir === "desc" ? sql`${tickets.id} >= ${row.id}` : sql`${tickets.id} <= ${row.id}`;
  return o.dir === "desc" ? sql`${o.column} >= ${t}` : sql`${o.column} <= ${t}`;
}

/**
 * Tickets of one segment sorted in the page's order (a segment's times are all set or all null). The
 * times are `toISOString()` text of one length, whose order is the time order, so they are compared as
 * text: parsing them was a large share of a staff-scoped list's request.
 */
export function sortIn(o: Order, rows: TicketDto[]): TicketDto[] {
  const sign = o.dir === "desc" ? -1 : 1;
  return rows.sort((a, b) => {
    const [x, y] = [a[o.time] ?? "", b[o.time] ?? ""];
    return sign * (x !== y ? (x < y ? -1 : 1) : a.id - b.id);
  });
}

function segmentValue(o: Order, row: TicketDto): string | null {
  if (o.sort === "priority") return row.priority;
  if (o.sort === "status") return row.status;
  if (o.sort === "due") return row.nextDueAt === null ? "none" : "due";
  return null;
}

export const keyOf = (o: Order, row: TicketDto): Key => ({
  v: segmentValue(o, row),
  t: timeOf(o, row),
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
    (Number.isSafeInteger(t) || (t === null && sort === "due")) &&
    Number.isSafeInteger(id);
  if (!ok) throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
  return { v, t, id };
}
