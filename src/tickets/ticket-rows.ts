import type { Database } from "bun:sqlite";
import { getTableColumns, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { sqliteOf } from "../../db/client";
import type { ReadCache, ReadCtx } from "../../db/read-cache";
import { tickets } from "../../db/schema";
import type { TicketDto } from "../shared/dto";
import { TICKET_FIELDS } from "./ticket-fields";

/**
 * Pages of tickets read straight into the staff DTO, for the lists that return up to a thousand
 * rows. Drizzle's row mapping (a Date per timestamp) and then toAdminTicket (an ISO string per Date)
 * were ~0.5 ms of a 1 ms page of 100 at 1 M tickets; here SQLite names each column by its DTO key
 * and only the timestamps are converted. Both lists come from the one table definition, and a test
 * holds this reader equal to toAdminTicket.
 */
// only the columns the field table lets staff read, as toAdminTicket copies them
const COLUMNS = Object.entries(getTableColumns(tickets)).filter(([key]) => key in TICKET_FIELDS);
const SELECT_LIST = COLUMNS.map(([key, col]) => `"${col.name}" AS "${key}"`).join(", ");
const TIMESTAMPS = COLUMNS.filter(([, col]) => col.columnType === "SQLiteTimestamp").map(
  ([key]) => key,
) as (keyof TicketDto)[];
const ORDER = {
  newest: `"created_at" DESC, "id" DESC`,
  solvedLast: `"completed_at" DESC`,
  "created:desc": `"created_at" DESC, "id" DESC`,
  "created:asc": `"created_at" ASC, "id" ASC`,
  "updated:desc": `"updated_at" DESC, "id" DESC`,
  "updated:asc": `"updated_at" ASC, "id" ASC`,
  "due:desc": `"next_due_at" DESC, "id" DESC`,
  "due:asc": `"next_due_at" ASC, "id" ASC`,
} as const;

const dialect = new SQLiteSyncDialect();
type Row = Record<string, string | number | null>;
type Key = { id: number; version: number; ticketId: string };

/**
 * Staff DTOs of tickets listed lately, with the version and public id they were read at. Every write
 * to a ticket bumps its version (a trigger makes sure), so a kept DTO with the version a list finds is
 * the row as stored. A dashboard asks for the same open tickets again and again: their rows are read
 * and converted once, not on every request (at 1,000 rows that was ~2 ms a page and most of its garbage).
 * Each also holds the change mark (db/read-memo.ts) at which its version was last found current: while
 * nothing has been written since, a page reads only its ids, which its index alone holds, instead of
 * looking up each ticket's row for its version (at 1,000 rows ~0.18 ms instead of ~0.87 ms).
 * Pages share these objects: nobody changes them. A read inside a transaction neither uses nor fills
 * them: what it sees may still be rolled back, and its version then given to other content.
 */
type Kept = Key & { dto: TicketDto; checked: string; bytes?: Uint8Array };
const KEPT_ROWS = 4_096;
const keptOf = (cache: ReadCache) => cache.lasting("ticket-dtos", KEPT_ROWS, () => new Map<number, Kept>());

/**
 * What a read may take from and add to what is kept until a write: "page" the page's ids and its
 * DTOs; "dtos" only the DTOs, for a condition whose answer changes with something besides the data
 * that its text does not name (the instant a service-level filter is read at); "none" neither, for
 * a read that passes over many tickets once (an export would churn out those the dashboards ask for
 * again, and spend ~2 µs a row keeping its own). `{ page: input }` is "page" for a condition whose
 * text leaves out one input that is given here: a search walk's SQL asks the walk running on the
 * connection, so its page is kept under the walk's phrase too.
 */
export type Keep = "page" | "dtos" | "none" | { page: string };

/** Up to `limit` tickets matching `where`, in the given order, as staff DTOs. */
export function ticketDtos(
  { db, cache }: ReadCtx,
  where: SQL | undefined,
  limit: number,
  order: keyof typeof ORDER = "newest",
  keep: Keep = "page",
): TicketDto[] {
  const client = sqliteOf(db);
  const cond = where ? dialect.sqlToQuery(where) : { sql: "1", params: [] };
  const params = [...(cond.params as (string | number | null)[]), limit];
  const from = `FROM "tickets" WHERE ${cond.sql} ORDER BY ${ORDER[order]} LIMIT ?`;
  // The mark is read before the ids: a write that lands in between makes the next page check again.
  // Inside a transaction there is none (changeMark says so), and nothing kept is used.
  const mark = keep === "none" ? null : cache.mark(db);
  // query() keeps the compiled statement per SQL text on the connection (the text holds no values).
  const readIds = () =>
    client
      .query<{ id: number }, (string | number | null)[]>(`SELECT "id" ${from}`)
      .values(...params)
      .map((r) => r[0] as number);
  // A dashboard asks for the same page again and again: while nothing is written its ids are kept
  // (at 1,000 rows, reading them was a sixth of the request). Nobody changes the kept array.
  const input = keep === "page" ? "" : typeof keep === "object" ? keep.page : null;
  const ids =
    mark !== null && input !== null
      ? cache.get(db, { kind: "page-ids", filters: [from, params], page: input }, readIds)
      : readIds();
  const page = new Map<number, TicketDto>();
  if (mark === null) for (const dto of readDtos(cache, client, ids)) page.set(dto.id, dto);
  else readKept(cache, client, ids, mark, page);
  // a ticket deleted between the reads drops out of the page
  return ids.flatMap((id) => page.get(id) ?? []);
}

/**
 * Fills `page` from the kept DTOs: as they are while nothing was written since they were found current,
 * else those whose version still holds; the rest, and tickets never kept, are read.
 */
function readKept(
  cache: ReadCache,
  client: Database,
  ids: number[],
  mark: string,
  page: Map<number, TicketDto>,
) {
  const kept = keptOf(cache);
  const unchecked: number[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const hit = kept.get(id);
    if (hit === undefined) missing.push(id);
    else if (hit.checked === mark) page.set(id, hit.dto);
    else unchecked.push(id);
  }
  if (unchecked.length > 0)
    for (const k of readKeys(client, unchecked)) {
      const hit = kept.get(k.id)!;
      if (hit.version === k.version && hit.ticketId === k.ticketId) {
        hit.checked = mark;
        page.set(k.id, hit.dto);
      } else missing.push(k.id);
    }
  if (missing.length > 0) for (const dto of readDtos(cache, client, missing)) keep(kept, page, dto, mark);
}

const readKeys = (client: Database, ids: number[]) =>
  client
    .query<Key, [string]>(
      `SELECT "id", "version", "ticket_id" AS "ticketId" FROM "tickets" WHERE "id" IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));

/**
 * A list's JSON, the same bytes as JSON.stringify gives: `head`, the DTOs as an array, `tail`.
 * Each DTO's bytes are made once and kept as long as the DTO itself (the kept DTOs above are shared
 * and never changed), so a list asked for again copies them into one buffer; and a list of the very
 * same DTO objects with the same head and tail as one of the last few sent is that list's JSON
 * again. At 1,000 rows a list is ~0.9 MB: made anew for every request, it set off a collection
 * every ~20 requests, half of them full ones with ~6 ms pauses.
 */
type Sent = { dtos: readonly TicketDto[]; head: string; tail: string; json: ListJson };
const LAST_SENT = 8;
const lastSentOf = (cache: ReadCache) => cache.lasting("sent-lists", LAST_SENT, () => new SentLists());
class SentLists {
  readonly list: Sent[] = [];
  get size() {
    return this.list.length;
  }
}
const utf8 = new TextEncoder();
const COMMA = 44;

/**
 * A list's JSON as sent, and its gzip, made at the first request that takes it and kept with it:
 * at the fastest level a 0.8 MB list takes ~1.7 ms and shrinks seven times, once per list rather
 * than once per request.
 */
export class ListJson {
  #gzipped: Uint8Array<ArrayBuffer> | undefined;
  #shared: Blob | undefined;
  constructor(readonly plain: Uint8Array<ArrayBuffer>) {}
  gzipped(): Uint8Array<ArrayBuffer> {
    this.#gzipped ??= Bun.gzipSync(this.plain, { level: 1 }) as Uint8Array<ArrayBuffer>;
    return this.#gzipped;
  }
  /**
   * The plain body for a Response. A long list as a Blob, whose bytes a Response shares where it
   * copies a Uint8Array's (~90 µs at 0.9 MB: the 1,000-row list 753 -> 1,286 req/s). A shorter one
   * as its bytes: with Blob bodies of 100 rows Bun's server held ~7 MB more under load, for no speed.
   */
  plainBody(): Uint8Array<ArrayBuffer> | Blob {
    if (this.plain.length < SHARED_FROM) return this.plain;
    this.#shared ??= new Blob([this.plain]);
    return this.#shared;
  }
}
const SHARED_FROM = 256 * 1024;

export function ticketsJson(cache: ReadCache, dtos: readonly TicketDto[], head = "", tail = ""): ListJson {
  const lastSent = lastSentOf(cache).list;
  const i = lastSent.findIndex((l) => l.head === head && l.tail === tail && sameObjects(l.dtos, dtos));
  const sent =
    i >= 0
      ? lastSent.splice(i, 1)[0]!
      : { dtos, head, tail, json: new ListJson(encodeList(keptOf(cache), dtos, head, tail)) };
  lastSent.unshift(sent);
  if (lastSent.length > LAST_SENT) lastSent.pop();
  return sent.json;
}

const sameObjects = (a: readonly TicketDto[], b: readonly TicketDto[]) =>
  a.length === b.length && a.every((dto, i) => dto === b[i]);

function encodeList(
  kept: Map<number, Kept>,
  dtos: readonly TicketDto[],
  head: string,
  tail: string,
): Uint8Array<ArrayBuffer> {
  const parts = new Array<Uint8Array>(dtos.length);
  let size = 0;
  for (let i = 0; i < dtos.length; i++) {
    const dto = dtos[i]!;
    // a kept DTO keeps its bytes; one read inside a transaction, or no longer kept, is encoded anew
    const hit = kept.get(dto.id);
    const bytes = hit?.dto === dto ? hit.bytes : undefined;
    const part = bytes ?? utf8.encode(JSON.stringify(dto));
    if (hit?.dto === dto) hit.bytes = part;
    parts[i] = part;
    size += part.length;
  }
  const [start, end] = [utf8.encode(`${head}[`), utf8.encode(`]${tail}`)];
  const out = new Uint8Array(start.length + size + Math.max(dtos.length - 1, 0) + end.length);
  out.set(start, 0);
  let at = start.length;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = COMMA;
    out.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  out.set(end, at);
  return out;
}

/**
 * Rows read in bulk (an export, an agent paging deep into a list) make garbage faster than the
 * collector, sized for 4 GB, runs on its own: a full collection every this many rows converted.
 * During a 100,000-row export it held the server's peak at ~140 MB instead of ~160, for ~15 ms
 * each and a sixth of the export's speed; one every 5,000 rows held ~5 MB less but after a load
 * cost ~15 % of the speed. Paging 500 pages of 100 one after the other (the bench's deep cursor)
 * left the server at 157–160 MB without it, 140 MB with it, in the same time.
 */
const COLLECT_EVERY_ROWS = 10_000;

function readDtos(cache: ReadCache, client: Database, ids: number[]): TicketDto[] {
  const rows = client
    .query<Row, [string]>(
      `SELECT ${SELECT_LIST} FROM "tickets" WHERE "id" IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  for (const row of rows)
    for (const key of TIMESTAMPS)
      if (row[key] !== null) row[key] = new Date(row[key] as number).toISOString();
  if (cache.converted(rows.length, COLLECT_EVERY_ROWS)) Bun.gc(true);
  return rows as unknown as TicketDto[];
}

function keep(kept: Map<number, Kept>, page: Map<number, TicketDto>, dto: TicketDto, checked: string) {
  page.set(dto.id, dto);
  kept.delete(dto.id);
  if (kept.size >= KEPT_ROWS) kept.delete(kept.keys().next().value!); // the longest kept goes first
  kept.set(dto.id, { id: dto.id, version: dto.version, ticketId: dto.ticketId, dto, checked });
}
