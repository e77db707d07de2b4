// Staff search finds people and conversations: a full name across first and last name, the requester's
// e-mail, reply and internal-note text, file names; the index follows each note and file as it changes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

const addTicket = (key: string, first: string, last: string, email: string, description: string) => {
  const now = Date.now();
  const row = t.sqlite
    .query(
      `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
       values (?, ?, ?, ?, '555-123-4567', 'Main Office', 'IT', 'IT', 'high', ?, 'open', ?, ?) returning id`,
    )
    .get(`WI-2026-${100 + Object.keys(ids).length}`, first, last, email, description, now, now) as {
    id: number;
  };
  ids[key] = row.id;
};
const addNote = (key: string, note: string, internal: boolean) =>
  t.sqlite
    .query("insert into ticket_notes (ticket_id, note, is_internal, created_at) values (?, ?, ?, ?)")
    .run(ids[key]!, note, internal ? 1 : 0, Date.now());
const addFile = (key: string, name: string) =>
  t.sqlite
    .query(
      `insert into file_attachments (ticket_id, file_name, original_name, file_size, mime_type, file_path, is_internal, created_at)
       values (?, 'stored.bin', ?, 10, 'application/pdf', 'x/stored.bin', 0, ?)`,
    )
    .run(ids[key]!, name, Date.now());

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  addTicket("victor", "Victor", "Brown", "v.brown@northwind.example", "Laptop will not start");
  addTicket("brownie", "Brownie", "Victorsen", "bv@example.com", "Screen flickers");
  addTicket("zoe", "Zoë", "Quill", "zoe.quill@example.com", "Mouse missing");
  addNote("victor", "Replaced the docking station under warranty", false);
  addNote("zoe", "Suspect the quartermaster kept it", true);
  addFile("brownie", "invoice_march.pdf");
});
afterAll(() => t.close());

async function found(search: string) {
  const res = await t.request(`/api/admin/tickets?search=${encodeURIComponent(search)}`, { cookie: admin });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { tickets: { id: number }[] };
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return body.tickets.map((x) => byId[x.id]).sort();
}

test("search – a full name across first and last name, in either order and by beginnings", async () => {
  expect(await found("Victor Brown")).toEqual(["victor"]); // whole words, where the index holds them
  expect(await found("Brown Victor")).toEqual(["victor"]);
  expect(await found("Vict Brow")).toEqual(["brownie", "victor"]); // else their beginnings
  expect(await found("Victor Browne")).toEqual([]);
  expect(await found("zoe quill")).toEqual(["zoe"]); // accents folded
});

test("search – the requester's e-mail, whole or by its parts", async () => {
  expect(await found("v.brown@northwind.example")).toEqual(["victor"]);
  expect(await found("northwind")).toEqual(["victor"]);
});

test("search – reply and internal-note text, and file names", async () => {
  expect(await found("docking warranty")).toEqual(["victor"]);
  expect(await found("quartermaster")).toEqual(["zoe"]);
  expect(await found("invoice")).toEqual(["brownie"]);
  expect(await found("invoice_march.pdf")).toEqual(["brownie"]);
});

test("search – a note changed, deleted or made later is searched as it stands", async () => {
  addNote("brownie", "Sent a loaner projector", false);
  expect(await found("projector")).toEqual(["brownie"]);
  t.sqlite.query("update ticket_notes set note = 'Sent a loaner tablet' where note like '%projector'").run();
  expect(await found("projector")).toEqual([]);
  expect(await found("tablet")).toEqual(["brownie"]);
  t.sqlite.query("delete from ticket_notes where note like '%tablet'").run();
  expect(await found("tablet")).toEqual([]);
  t.sqlite.query("update file_attachments set original_name = 'receipt.pdf'").run();
  expect(await found("invoice")).toEqual([]);
  expect(await found("receipt")).toEqual(["brownie"]);
});

test("search – a fragment inside a word still finds the ticket's own fields", async () => {
  expect(await found("aptop")).toEqual(["victor"]);
  expect(await found("flicker")).toEqual(["brownie"]);
});
