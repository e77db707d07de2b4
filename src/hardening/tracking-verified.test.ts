// Verified public tracking on the real process: walking ticket numbers learns statuses, nothing else.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { client, launch, openDb, ticketInput, type Server } from "./harness";

const COUNT = 12;
const SECRET = `SECRET-${crypto.randomUUID()}`;
let srv: Server;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  srv = await launch({
    env: { PUBLIC_TRACKING: "verified", RATE_LIMIT_PUBLIC_SEARCH: "1000", RATE_LIMIT_PUBLIC_READS: "1000" },
  });
  api = client(srv.url);
  for (let i = 0; i < COUNT; i++) {
    const res = await api.req("/api/tickets", {
      json: ticketInput({
        firstName: `Ada${i}`,
        lastName: "Lovelace",
        email: `ada${i}@example.com`,
        location: `Room ${SECRET}`,
        description: `Printer broken ${SECRET}`,
      }),
    });
    expect(res.status).toBe(201);
  }
  const db = openDb(srv.dataDir);
  db.query(
    "INSERT INTO ticket_notes (ticket_id, user_id, user_name, note, is_internal, created_at) SELECT id, 1, 'Admin', ?, 0, ? FROM tickets",
  ).run(`Staff reply ${SECRET}`, Date.now());
  db.close();
}, 60_000);
afterAll(() => srv.stop());

test("verified tracking – walking WI-YYYY-001..N shows statuses only: no name, description, room or reply", async () => {
  const year = new Date().getFullYear();
  const bodies: string[] = [];
  for (let n = 1; n <= COUNT + 3; n++) {
    const ticketId = `WI-${year}-${String(n).padStart(3, "0")}`;
    const search = await api.req("/api/tickets/search", { json: { type: "ticketId", query: ticketId } });
    expect(search.status).toBe(200);
    bodies.push(await search.text());
    for (const path of [
      `/api/tickets/${n}/notes`,
      `/api/tickets/${n}/attachments`,
      `/api/attachments/${n}/download`,
    ]) {
      const res = await api.req(path);
      expect(res.status).toBe(404);
      bodies.push(await res.text());
    }
  }
  const all = bodies.join("\n");
  expect(all).toContain("WI-");
  for (const leak of [SECRET, "Ada", "Lovelace", "Printer", "555-123-4567"]) expect(all).not.toContain(leak);
  const found = bodies.filter((b) => b.includes('"ticketId"')).length;
  expect(found).toBe(COUNT);
});

test("verified tracking – notes and uploads by number are refused like an unknown ticket", async () => {
  const note = await api.req("/api/tickets/1/notes", {
    json: { note: "Spoofed note from a stranger", userName: "Admin", userEmail: "x@example.com" },
  });
  expect(note.status).toBe(404);
  const form = new FormData();
  form.append("ticketId", "1");
  form.append("files", new File(["x"], "a.txt"));
  const upload = await api.req("/api/tickets/upload", { body: form });
  expect(upload.status).toBe(404);
  const db = openDb(srv.dataDir);
  const notes = db.query("SELECT count(*) AS n FROM ticket_notes WHERE note LIKE 'Spoofed%'").get() as {
    n: number;
  };
  const files = db.query("SELECT count(*) AS n FROM file_attachments").get() as { n: number };
  db.close();
  expect([notes.n, files.n]).toEqual([0, 0]);
});
