import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs } from "../../db/schema";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
let staff: string;
const base = new Date(2026, 3, 1).getTime();

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.UTC(2026, 4, 7, 12)) });
  admin = await t.loginAs("admin");
  staff = await t.loginAs("staff", { allowedDepartments: ["IT"] });
  // 2,600 tickets: more than two pages of the export's reader
  const insert = t.sqlite.prepare(
    `insert into tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
     values (?, 'Ann', 'Lee', ?, '555-123-4567', 'Main Office', ?, 'IT', ?, 'Screen flickers, "badly"', ?, ?, ?)`,
  );
  t.sqlite.transaction(() => {
    for (let i = 1; i <= 2600; i++)
      insert.run(
        `WI-2025-${String(i).padStart(4, "0")}`,
        `u${i}@example.com`,
        i % 2 ? "IT" : "Finance",
        ["low", "medium", "high", "urgent"][i % 4]!,
        i % 3 ? "open" : "completed",
        base + Math.floor(i / 2) * 1000,
        base,
      );
  })();
  insertTicket(t, {
    firstName: '=HYPERLINK("http://x")',
    lastName: "+1",
    companyName: "@SUM(A1)",
    description: "-2+3",
    location: "\tTab",
    department: "IT",
    createdAt: new Date(base - 1000),
  });
});
afterAll(() => t.close());

/** RFC 4180 reader for the test: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      out.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return out;
}

async function listIds(cookie: string, q: string) {
  const ids: string[] = [];
  for (let cursor = ""; ; ) {
    const res = await t.request(`/api/admin/tickets?limit=1000&${q}${cursor && `&cursor=${cursor}`}`, {
      cookie,
    });
    const body = (await res.json()) as { tickets: { ticketId: string }[]; nextCursor: string | null };
    ids.push(...body.tickets.map((x) => x.ticketId));
    if (!body.nextCursor) return ids;
    cursor = body.nextCursor;
  }
}

async function exportCsv(cookie: string, q: string) {
  const res = await t.request(`/api/admin/tickets/export.csv?${q}`, { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, rows: parseCsv(new TextDecoder().decode(bytes)) };
}

describe("CSV export", () => {
  test("equals the filtered, sorted list, for an admin and for limited staff", async () => {
    for (const [cookie, q] of [
      [admin, ""],
      [admin, "status=open&priority=high,urgent&sort=priority&order=desc"],
      [staff, ""],
      [staff, "search=flickers&sort=updated&order=asc"],
    ] as const) {
      const { rows } = await exportCsv(cookie, q);
      expect(rows[0]!.slice(0, 3)).toEqual(["Ticket ID", "Priority", "Status"]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(await listIds(cookie, q));
    }
    const staffRows = (await exportCsv(staff, "")).rows.slice(1);
    expect(staffRows.length).toBe(1301);
    expect(new Set(staffRows.map((r) => r[10]))).toEqual(new Set(["IT"]));
  });

  test("a file for spreadsheets: BOM, attachment name, ISO times, quotes kept and formulas neutralised", async () => {
    const { res, bytes, rows } = await exportCsv(admin, "search=HYPERLINK");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="tickets-20260507.csv"');
    const [header, row] = [rows[0]!, rows[1]!];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("First name")).toBe('\'=HYPERLINK("http://x")');
    expect([cell("Last name"), cell("Company"), cell("Description"), cell("Location")]).toEqual([
      "'+1",
      "'@SUM(A1)",
      "'-2+3",
      "'\tTab",
    ]);
    expect(cell("Channel")).toBe("portal");
    expect(cell("Created")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const plain = (await exportCsv(admin, "search=flickers&limit=1")).rows[1]!;
    expect(plain[header.indexOf("Description")]).toBe('Screen flickers, "badly"');
  });

  test("each export leaves one audit row naming its filters", async () => {
    const before = t.db.select().from(auditLogs).where(eq(auditLogs.action, "exported")).all().length;
    await exportCsv(staff, "status=open&department=IT");
    const rows = t.db.select().from(auditLogs).where(eq(auditLogs.action, "exported")).all();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.newValue).toMatchObject({ filters: { status: ["open"], department: "IT" } });
  });

  test("bad filters are a 400 before any file starts", async () => {
    for (const q of ["sort=name", "startDate=yesterday", "limit=0"]) {
      const res = await t.request(`/api/admin/tickets/export.csv?${q}`, { cookie: admin });
      expect([q, res.status]).toEqual([q, 400]);
    }
  });
});
