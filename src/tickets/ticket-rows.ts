import type { Database } from "bun:sqlite";
import { getTableColumns, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { sqliteOf } from "../../db/client";
import type { ReadCache, ReadCtx } from "../../db/read-cache";
import { tickets } from "../../db/schema";
import type { TicketDto } from "../shared/dto";
import { TICKET_FIELDS } from "./ticket-fields";

/**
 * Pages of tickets read straight into the staff DTO: Drizzle's mapping plus toAdminTicket were half a page's
 * cost, so SQLite names each column by its DTO key and only timestamps are converted. Both come from the one
 * table definition, and a test holds this reader equal to toAdminTicket.
 */
// only the columns the field table lets staff read, as toAdminTicket copies them
const COLUMNS = Object.entries(getTableColumns(tickets)).filter(([key]) => key in TICKET_FIELDS);
const SELECT_LIST = COLUMNS.map(([key, col]) => `"${col.name}" AS "${key}"`).join(", ");
const TIMESTAMPS = COLUMNS.filter(([, col]) => col.columnType === "SQLiteTimestamp").map(
  ([key]) => key,
) as (keyof TicketDto)[];
const JSON_COLUMNS = COLUMNS.filter(([, col]) => col.columnType === "SQLiteTextJson").map(
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
 * DTOs of tickets listed lately, by version (every write bumps it) and public id, with the change mark at
 * which the version was last found current, so an unchanged database needs only the page's ids. Shared, so never
 * changed; unused inside a transaction, whose reads may be rolled back and their versions reused.
 */
type Kept = Key & { dto: TicketDto; checked: string; bytes?: Uint8Array };
const KEPT_ROWS = 4_096;
const keptOf = (cache: ReadCache) => cache.lasting("ticket-dtos", KEPT_ROWS, () => new Map<number, Kept>());

/**
 * What a read may use and keep until a write: "page" ids and DTOs; "dtos" only DTOs, when the answer hangs on
 * an input its text does not name (a due filter's instant); "none", for one pass over many tickets that would
 * churn out the kept ones. `{ page: input }`: "page", keyed also by that input (a search walk's phrase).
 */
export type Keep = "page" | "dtos" | "none" | { page: string };

/**
 * How a page's ids are read: `byId`, the condition names a few ids; `sorted`, the matches are read by the
 * condition's index and sorted; `onCount`, told how many match by the same read (it visits them all).
 */
export type Read = { byId?: boolean; sorted?: boolean; onCount?: (n: number) => void };

/** Up to `limit` tickets matching `where`, in the given order, as staff DTOs. */
export function ticketDtos(
  { db, cache }: ReadCtx,
  where: SQL | undefined,
  limit: number,
  order: keyof typeof ORDER = "newest",
  keep: Keep = "page",
  how: Read = {},
): TicketDto[] {
  const { byId, sorted, onCount } = how;
  const client = sqliteOf(db);
  const cond = where ? dialect.sqlToQuery(where) : { sql: "1", params: [] };
  const params = [...(cond.params as (string | number | null)[]), limit];
  // byId: the condition's few ids are looked up and sorted, where SQLite would walk an index in order
  const table = byId ? `"tickets" NOT INDEXED` : `"tickets"`;
  // sorted: an order's columns behind "+" cannot come off an index, so SQLite reads by the condition's
  const by = sorted ? ORDER[order].replace(/"(\w+)"/g, '+"$1"') : ORDER[order];
  const from = `FROM ${table} WHERE ${cond.sql} ORDER BY ${by} LIMIT ?`;
  // The mark is read before the ids: a write that lands in between makes the next page check again.
  // Inside a transaction there is none (changeMark says so), and nothing kept is used.
  const mark = keep === "none" ? null : cache.mark(db);
  // query() keeps the compiled statement per SQL text on the connection (the text holds no values).
  // onCount: every match is read to be sorted anyway, so the same pass counts them (kept by the caller)
  const readIds = () => {
    const rows = client
      .query<{ id: number }, (string | number | null)[]>(
        `SELECT "id"${onCount ? ", count(*) OVER ()" : ""} ${from}`,
      )
      .values(...params);
    onCount?.((rows[0]?.[1] as number | undefined) ?? 0);
    return rows.map((r) => r[0] as number);
  };
  // A dashboard asks for the same page again and again: while nothing is written its ids are kept
  // (at 1,000 rows, reading them was a sixth of the request). Nobody changes the kept array.
  const input = keep === "page" ? "" : typeof keep === "object" ? keep.page : null;
  const ids =
    !onCount && mark !== null && input !== null
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
 * A list's JSON, the bytes JSON.stringify gives (`head`, the DTOs, `tail`), from each DTO's bytes kept with
 * it; a list of the very same DTOs, head and tail as one of the last few sent is that JSON again. Long lists
 * made anew per request set off frequent full collections.
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
 * A list's JSON as sent, and its gzip at the fastest level, made at the first request that takes it and
 * kept with it: compressing a long list is costly, so it is paid once per list rather than per request.
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
   * The plain body for a Response. A long list as a Blob, whose bytes a Response shares where it copies
   * a Uint8Array's; a shorter one as its bytes, since short Blob bodies held more memory for no speed.
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
 * Rows read in bulk (an export, deep paging) make garbage faster than the collector runs on its own, so a
 * full collection runs every this many rows converted: oftener costs speed for little memory, rarer lets
 * the peak climb (bench/README.md).
 */
const COLLECT_EVERY_ROWS = 10_000;

function readDtos(cache: ReadCache, client: Database, ids: number[]): TicketDto[] {
  const rows = client
    .query<Row, [string]>(
      `SELECT ${SELECT_LIST} FROM "tickets" WHERE "id" IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  for (const row of rows) {
    for (const key of TIMESTAMPS)
      if (row[key] !== null) row[key] = new Date(row[key] as number).toISOString();
    for (const key of JSON_COLUMNS) row[key] = JSON.parse(row[key] as string);
  }
  if (cache.converted(rows.length, COLLECT_EVERY_ROWS)) Bun.gc(true);
  return rows as unknown as TicketDto[];
}

function keep(kept: Map<number, Kept>, page: Map<number, TicketDto>, dto: TicketDto, checked: string) {
  page.set(dto.id, dto);
  kept.delete(dto.id);
  if (kept.size >= KEPT_ROWS) kept.delete(kept.keys().next().value!); // the longest kept goes first
  kept.set(dto.id, { id: dto.id, version: dto.version, ticketId: dto.ticketId, dto, checked });
}
