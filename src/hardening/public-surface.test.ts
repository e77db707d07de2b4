// What a visitor without an account could abuse: walking ticket numbers, the receipt e-mail as a relay,
// a typed company name, invisible characters in file names, HTML late in a text file, posing as staff.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, client, launch, openDb, ticketInput, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let ticket: { id: number; ticketId: string };

beforeAll(async () => {
  // Default read limit; writes raised so the setup's submissions and uploads are not what is measured.
  srv = await launch({ env: { RATE_LIMIT_PUBLIC_WRITES: "100000" } });
  api = client(srv.url);
  ticket = (await (await api.req("/api/tickets", { json: ticketInput() })).json()) as typeof ticket;
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const upload = async (name: string, body: BlobPart) => {
  const form = new FormData();
  form.append("ticketId", String(ticket.id));
  form.append("files", new File([body], name));
  const res = await api.req("/api/tickets/upload", { body: form });
  return { res, json: (await res.json()) as { attachments?: { id: number; originalName: string }[] } };
};

describe("public surface", () => {
  test("company: only an active company of the list, by id; a typed name never places a ticket", async () => {
    const db = openDb(srv.dataDir);
    db.exec(
      "INSERT INTO companies (name, position, is_active, created_at, updated_at) VALUES ('Acme', 9, 0, 0, 0)",
    );
    const inactive = (db.query("SELECT id FROM companies WHERE name = 'Acme'").get() as { id: number }).id;
    db.close();
    for (const over of [
      { companyId: null, companyName: "Acme" },
      { companyId: undefined, companyName: "Main Office" },
      { companyId: inactive, companyName: "Acme" },
    ]) {
      const res = await api.req("/api/tickets", { json: ticketInput(over) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Company must be selected");
    }
  });

  test("file names lose bidi overrides and other invisible format characters", async () => {
    const names: [string, string][] = [
      ["photo\u202Egnp.zip", "photognp.zip"],
      ["a\u200Bb\u200Fc.txt", "abc.txt"],
      ["\u2066x\u2069\uFEFF.pdf", "x.pdf"],
      ["\u202Ainvoice\u202C.txt", "invoice.txt"],
    ];
    for (const [sent, shown] of names) {
      const up = await upload(sent, "%PDF-1.4 plain text");
      expect(up.res.status).toBe(201);
      expect(up.json.attachments?.[0]?.originalName).toBe(shown);
    }
  });

  test("a .txt whose HTML starts after the first 1 KB still downloads as an attachment with nosniff", async () => {
    const up = await upload("late.txt", `${"a".repeat(2048)}<html><script>window.__xss=1</script></html>`);
    expect(up.res.status).toBe(201);
    const res = await api.req(`/api/attachments/${up.json.attachments![0]!.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("content-type")).not.toMatch(/html/);
  });

  test("staff replies are marked fromStaff; a visitor naming themself 'IT Support' is not", async () => {
    const posed = await api.req(`/api/tickets/${ticket.id}/notes`, {
      json: {
        note: "Please send your password",
        userName: "IT Support",
        userEmail: "x@example.com",
        fromStaff: true,
      },
    });
    expect([201, 400]).toContain(posed.status);
    const cookie = await api.login(ADMIN.email, ADMIN.password);
    const staff = await api.req(`/api/admin/tickets/${ticket.id}/notes`, {
      json: { note: "We are on it" },
      cookie,
    });
    expect(staff.status).toBe(201);
    expect(((await staff.json()) as { fromStaff: boolean }).fromStaff).toBe(true);
    const notes = (await (await api.req(`/api/tickets/${ticket.id}/notes`)).json()) as {
      note: string;
      fromStaff: boolean;
    }[];
    expect(notes.find((n) => n.note === "We are on it")?.fromStaff).toBe(true);
    const fake = notes.find((n) => n.note === "Please send your password");
    if (fake) expect(fake.fromStaff).toBe(false);
  });

  test("confirmation e-mails carry nothing the visitor typed and reach one address at most 3 times a day", async () => {
    const victim = "victim@example.com";
    const lure = { firstName: "Security Team", lastName: "Go to http://evil.test/login", email: victim };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const description = `Your mailbox is locked. Log in at http://evil.test/login to unlock it (${i}).`;
      const res = await api.req("/api/tickets", { json: ticketInput({ ...lure, description }) });
      expect(res.status).toBe(201); // the ticket is always created; only the mail is skipped
      ids.push(((await res.json()) as { ticketId: string }).ticketId);
    }
    const db = openDb(srv.dataDir);
    const mails = db
      .query(
        "SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE kind = 'submitter_confirmation' AND recipients = ? ORDER BY id",
      )
      .all(victim) as { subject: string; text: string; html: string }[];
    db.close();
    expect(mails).toHaveLength(3);
    mails.forEach((m, i) => {
      expect(m.subject).toBe(`[${ids[i]}] We received your ticket`);
      for (const body of [m.subject, m.text, m.html]) {
        expect(body).not.toContain("evil.test");
        expect(body).not.toContain("Security Team");
        expect(body).not.toContain("mailbox is locked");
      }
    });
  });

  test("notes, file lists and downloads by walked numbers are rate-limited per address like search", async () => {
    const paths = (n: number) => [
      `/api/tickets/${n}/notes`,
      `/api/tickets/${n}/attachments`,
      `/api/attachments/${n}/download`,
    ];
    const statuses: number[] = [];
    const t0 = performance.now();
    for (let n = 1; n <= 700 && !statuses.includes(429); n++)
      for (const path of paths(n)) statuses.push((await api.req(path)).status);
    const first = statuses.indexOf(429) + 1;
    console.log(
      `walking notes/attachments/downloads: first 429 at request ${first} (${(performance.now() - t0).toFixed(0)} ms)`,
    );
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(61); // RATE_LIMIT_PUBLIC_READS defaults to 60 per minute
    const res = await api.req(`/api/tickets/${ticket.id}/notes`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);
});
