import type { Database } from "bun:sqlite";
import { getTableColumns, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { inTransaction, perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { tickets } from "../../db/schema";
import type { TicketDto } from "../shared/dto";

/**
 * Pages of tickets read straight into the staff DTO, for the lists that return up to a thousand
 * rows. Drizzle's row mapping (a Date per timestamp) and then toAdminTicket (an ISO string per Date)
 * were ~0.5 ms of a 1 ms page of 100 at 1 M tickets; here SQLite names each column by its DTO key
 * and only the timestamps are converted. Both lists come from the one table definition, and a test
 * holds this reader equal to toAdminTicket.
 */
const COLUMNS = Object.entries(getTableColumns(tickets));
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
 * Pages share these objects: nobody changes them. A read inside a transaction neither uses nor fills
 * them: what it sees may still be rolled back, and its version then given to other content.
 */
const keptOf = perConnection((_client: Database) => new Map<number, Key & { dto: TicketDto }>());
const KEPT_ROWS = 4_096;

/** Up to `limit` tickets matching `where`, in the given order, as staff DTOs. */
export function ticketDtos(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
  order: keyof typeof ORDER = "newest",
): TicketDto[] {
  const client = sqliteOf(db);
  const cond = where ? dialect.sqlToQuery(where) : { sql: "1", params: [] };
  const from = `FROM "tickets" WHERE ${cond.sql} ORDER BY ${ORDER[order]} LIMIT ?`;
  // query() keeps the compiled statement per SQL text on the connection (the text holds no values).
  const keys = client
    .query<Key, (string | number | null)[]>(`SELECT "id", "version", "ticket_id" AS "ticketId" ${from}`)
    .all(...(cond.params as (string | number | null)[]), limit);
  const kept = inTransaction(db) ? new Map() : keptOf(client);
  const page = new Map<number, TicketDto>();
  const missing: number[] = [];
  for (const k of keys) {
    const hit = kept.get(k.id);
    if (hit && hit.version === k.version && hit.ticketId === k.ticketId) page.set(k.id, hit.dto);
    else missing.push(k.id);
  }
  if (missing.length > 0) for (const dto of readDtos(client, missing)) keep(kept, page, dto);
  // a ticket deleted between the two reads drops out of the page
  return keys.flatMap((k) => page.get(k.id) ?? []);
}

function readDtos(client: Database, ids: number[]): TicketDto[] {
  const rows = client
    .query<Row, [string]>(
      `SELECT ${SELECT_LIST} FROM "tickets" WHERE "id" IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
  for (const row of rows)
    for (const key of TIMESTAMPS)
      if (row[key] !== null) row[key] = new Date(row[key] as number).toISOString();
  return rows as unknown as TicketDto[];
}

function keep(kept: Map<number, Key & { dto: TicketDto }>, page: Map<number, TicketDto>, dto: TicketDto) {
  page.set(dto.id, dto);
  kept.delete(dto.id);
  if (kept.size >= KEPT_ROWS) kept.delete(kept.keys().next().value!); // the longest kept goes first
  kept.set(dto.id, { id: dto.id, version: dto.version, ticketId: dto.ticketId, dto });
}
