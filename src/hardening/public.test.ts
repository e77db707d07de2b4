// Nothing internal and nothing unmasked through the public routes; walking and harvesting are limited.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { client, launch, openDb, ticketInput, type Server } from "./harness";

const NOTE_MARK = `INTERNAL-NOTE-${crypto.randomUUID()}`;
const FILE_MARK = `INTERNAL-FILE-${crypto.randomUUID()}`;
let srv: Server;
let api: ReturnType<typeof client>;
let ticket: { id: number; ticketId: string };
let ids: { publicFile: number; internalFile: number };

/** Staff-side rows written straight into the database: the admin routes may not exist yet. */
function addInternal(dataDir: string, ticketId: number) {
  const db = openDb(dataDir);
  const now = Date.now();
  db.query(
    "INSERT INTO ticket_notes (ticket_id, user_id, user_name, note, is_internal, created_at) VALUES (?, 1, 'Admin', ?, 1, ?)",
  ).run(ticketId, NOTE_MARK, now);
  const file = (name: string, internal: number) => {
    writeFileSync(join(dataDir, "uploads", `${name}.txt`), `${FILE_MARK} ${name}`);
    return (
      db
        .query(
          "INSERT INTO file_attachments (ticket_id, file_name, original_name, file_size, mime_type, file_path, is_internal, user_name, created_at) VALUES (?, ?, ?, ?, 'text/plain', ?, ?, ?, ?) RETURNING id",
        )
        .get(
          ticketId,
          `${name}.txt`,
          internal ? `${FILE_MARK}.txt` : "public.txt",
          FILE_MARK.length + name.length + 1,
          `${name}.txt`,
          internal,
          internal ? FILE_MARK : "Jane",
          now,
        ) as { id: number }
    ).id;
  };
  const ids = { publicFile: file("pub", 0), internalFile: file("int", 1) };
  db.close();
  return ids;
}

beforeAll(async () => {
  srv = await launch({
    env: {
      RATE_LIMIT_PUBLIC_WRITES: "100000",
      RATE_LIMIT_PUBLIC_SEARCH: "100000",
      RATE_LIMIT_PUBLIC_READS: "100000",
    },
  });
  api = client(srv.url);
  ticket = (await (
    await api.req("/api/tickets", {
      json: ticketInput({ email: "victim@example.com", phone: "555-867-5309" }),
    })
  ).json()) as typeof ticket;
  ids = addInternal(srv.dataDir, ticket.id);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("internal notes and files", () => {
  test("no public route ever returns an internal note or file, nor the full contact details", async () => {
    const bodies = [
      await api.req(`/api/tickets/${ticket.id}/notes`),
      await api.req(`/api/tickets/${ticket.id}/attachments`),
      await api.req("/api/tickets/search", { json: { type: "ticketId", query: ticket.ticketId } }),
      await api.req("/api/tickets/search", { json: { type: "email", query: "victim@example.com" } }),
      await api.req("/api/tickets/search", { json: { type: "phone", query: "555-867-5309" } }),
      await api.req(`/api/attachments/${ids.internalFile}/download`),
    ];
    for (const res of bodies) {
      const text = await res.text();
      expect(text).not.toContain(NOTE_MARK);
      expect(text).not.toContain(FILE_MARK);
      expect(text).not.toContain("victim@example.com");
      expect(text).not.toContain("555-867-5309");
      expect(text).not.toMatch(/"isInternal":\s*true/);
    }
  });

  test("downloading by guessed id: only the public file answers 200; internal and missing ids give identical 404s", async () => {
    const answers = new Map<number, { status: number; body: string }>();
    for (let id = 1; id <= 200; id++) {
      const res = await api.req(`/api/attachments/${id}/download`);
      answers.set(id, { status: res.status, body: await res.text() });
    }
    const ok = [...answers].filter(([, a]) => a.status === 200).map(([id]) => id);
    expect(ok).toEqual([ids.publicFile]);
    expect(answers.get(ids.internalFile)).toEqual(answers.get(199)!);
    for (const bad of ["0", "-1", "1.5", "1e3", "..%2f..%2fetc%2fpasswd", "%00", "99999999999999999999"])
      expect([400, 404]).toContain((await api.req(`/api/attachments/${bad}/download`)).status);
  });
});

describe("walking and harvesting", () => {
  test("walking sequential ticket ids hits the rate limit well before 200 requests", async () => {
    const s = await launch();
    try {
      const c = client(s.url);
      const year = new Date().getFullYear();
      const statuses: number[] = [];
      for (let i = 1; i <= 200; i++) {
        const res = await c.req("/api/tickets/search", {
          json: { type: "ticketId", query: `WI-${year}-${String(i).padStart(3, "0")}` },
          headers: { "X-Forwarded-For": `10.2.${i}.1` },
        });
        statuses.push(res.status);
        if (res.status === 429) break;
      }
      console.log(`public search: first 429 after ${statuses.length} searches`);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.length).toBeLessThanOrEqual(50);
    } finally {
      await s.stop();
    }
  }, 30_000);

  test("searching a known and an unknown e-mail takes about the same time", async () => {
    const time = async (q: string) => {
      const t = performance.now();
      for (let i = 0; i < 20; i++)
        await api.req("/api/tickets/search", { json: { type: "email", query: q } });
      return (performance.now() - t) / 20;
    };
    const known = await time("victim@example.com");
    const unknown = await time("nobody@example.com");
    console.log(`lookup timing: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms`);
    expect(Math.abs(known - unknown)).toBeLessThan(20);
  });
});
