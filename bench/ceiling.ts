/**
 * The bare-stack ceiling: one Hono route that validates with the app's zod schema and inserts one row with
 * the app's pragmas, into a copy of the seeded database so both write into tables of the same size.
 * Usage: bun bench/ceiling.ts DATA_DIR PORT [FULL|NORMAL]
 */
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { createTicketSchema } from "../src/shared/schemas/ticket";
import { join } from "node:path";
import { openDatabase, type Synchronous } from "../db/client";
import { runMigrations } from "../db/migrate";
import { tickets } from "../db/schema";

const [dataDir, port, sync] = process.argv.slice(2);
const { db, sqlite } = openDatabase(join(dataDir!, "ceiling.sqlite"), {
  synchronous: (sync ?? "FULL") as Synchronous,
});
runMigrations(db);

const schema = createTicketSchema; // the very schema POST /api/tickets validates with
const insert = db
  .insert(tickets)
  .values({
    ticketId: sql.placeholder("ticketId"),
    firstName: sql.placeholder("firstName"),
    lastName: sql.placeholder("lastName"),
    email: sql.placeholder("email"),
    phone: sql.placeholder("phone"),
    companyName: sql.placeholder("companyName"),
    department: sql.placeholder("department"),
    ticketType: sql.placeholder("ticketType"),
    priority: sql.placeholder("priority"),
    description: sql.placeholder("description"),
    status: "open",
    createdAt: sql.placeholder("now"),
    updatedAt: sql.placeholder("now"),
  })
  .prepare();

let seq = 0; // ids of their own, never one of the seeded WI- ids
const insertOne = (body: Record<string, string>) => {
  const ticketId = `CEILING-${++seq}`;
  insert.run({ ...body, email: body.email!.toLowerCase(), ticketId, now: new Date() });
  return { id: seq, ticketId };
};

// Group commit, for comparison: submissions that arrive while one commit is pending share the next one.
const waiting: { body: Record<string, string>; done: (r: { id: number; ticketId: string }) => void }[] = [];
const flush = sqlite.transaction(() => waiting.splice(0).map((w) => [w, insertOne(w.body)] as const));
const grouped = (body: Record<string, string>) =>
  new Promise<{ id: number; ticketId: string }>((done) => {
    if (waiting.push({ body, done }) === 1)
      setImmediate(() => {
        for (const [w, r] of flush()) w.done(r);
      });
  });

const app = new Hono().post("/ceiling/:mode?", async (c) => {
  const parsed = schema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ message: parsed.error.issues[0]?.message }, 400);
  const body = parsed.data as unknown as Record<string, string>;
  return c.json(c.req.param("mode") === "group" ? await grouped(body) : insertOne(body), 201);
});
Bun.serve({ port: Number(port), hostname: "127.0.0.1", fetch: app.fetch });
console.log("ready");
