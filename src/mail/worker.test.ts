import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/test-app";
import { companies, emailRouting, mailOutbox, ticketDepartments, ticketTypes } from "../../db/schema";
import { submit } from "../tickets/tickets.fixtures";
import { startMailWorker, type MailWorker } from "./worker";
import { createSmtpSender } from "./smtp";

type Received = { to: string[]; raw: string };

/** A real SMTP server on loopback that records every message it accepts. */
async function smtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, cb) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return { received, port: address.port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestApp | undefined;
let worker: MailWorker | undefined;
let server: Awaited<ReturnType<typeof smtp>> | undefined;
afterEach(async () => {
  await worker?.stop();
  await server?.close();
  t?.close();
  worker = t = server = undefined;
});

const idOf = (table: typeof ticketDepartments | typeof ticketTypes | typeof companies, name: string) =>
  t!.db.select().from(table).where(eq(table.name, name)).get()!.id;
const ticketIdsFor = (received: Received[], address: string) =>
  received
    .filter((m) => m.to.includes(address))
    .map((m) => /WI-\d{4}-\d{3,}/.exec(m.raw)![0])
    .sort();

describe("mail worker", () => {
  test("delivery – each condition type reaches the right tickets only, inactive rules send nothing", async () => {
    server = await smtp();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${server.port}`, MAIL_FROM: "Helpdesk <desk@example.com>" },
    });
    const now = new Date();
    const branch = t.db
      .insert(companies)
      .values({ name: "Branch", position: 2, createdAt: now, updatedAt: now })
      .returning()
      .get().id;
    const [it, licensing, main] = [
      idOf(ticketDepartments, "IT"),
      idOf(ticketTypes, "Licensing"),
      idOf(companies, "Main Office"),
    ];
    const rules = [
      { name: "all", emailAddresses: "all@example.com", conditionType: "all" as const },
      {
        name: "dept",
        emailAddresses: "dept@example.com",
        conditionType: "department" as const,
        departmentId: it,
      },
      { name: "co", emailAddresses: "co@example.com", conditionType: "company" as const, companyId: main },
      {
        name: "both",
        emailAddresses: "both@example.com",
        conditionType: "both" as const,
        departmentId: it,
        companyId: main,
      },
      { name: "type", emailAddresses: "type@example.com", conditionType: "type" as const, typeId: licensing },
      {
        name: "tc",
        emailAddresses: "tc@example.com",
        conditionType: "type_company" as const,
        typeId: licensing,
        companyId: main,
      },
      { name: "off", emailAddresses: "off@example.com", conditionType: "all" as const, isActive: false },
    ];
    t.db
      .insert(emailRouting)
      .values(rules.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
      .run();
    const a = (await submit(t, { department: "IT", ticketType: "IT", companyId: main })).ticketId;
    const b = (
      await submit(t, {
        department: "Finance",
        ticketType: "Licensing",
        companyId: branch,
        companyName: "Branch",
      })
    ).ticketId;
    const c = (
      await submit(t, {
        department: "Human Resources",
        ticketType: "Licensing",
        companyId: main,
        description: "Need a <b>licence</b> & more",
      })
    ).ticketId;
    worker = startMailWorker({
      db: t.db,
      publicUrl: "https://desk.example.com",
      now: t.deps.now,
      sender: createSmtpSender(t.config.mail.smtpUrl!, t.config.mail.from),
    });
    await worker.drain();
    const r = server.received;
    expect(ticketIdsFor(r, "all@example.com")).toEqual([a, b, c]);
    expect(ticketIdsFor(r, "dept@example.com")).toEqual([a]);
    expect(ticketIdsFor(r, "co@example.com")).toEqual([a, c]);
    expect(ticketIdsFor(r, "both@example.com")).toEqual([a]);
    expect(ticketIdsFor(r, "type@example.com")).toEqual([b, c]);
    expect(ticketIdsFor(r, "tc@example.com")).toEqual([c]);
    expect(ticketIdsFor(r, "off@example.com")).toEqual([]);
    expect(ticketIdsFor(r, "jane.doe@example.com")).toEqual([a, b, c]); // each submitter's own confirmation
    expect(r[0]!.raw).toContain("From: Helpdesk <desk@example.com>");
    const staffMail = r.find((m) => m.to.includes("dept@example.com"))!.raw;
    expect(staffMail).toContain("/admin on the help desk");
    expect(r.find((m) => m.to.includes("tc@example.com"))!.raw).toContain("&#60;b&#62;licence&#60;/b&#62;"); // escaped in the HTML part
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .every((m) => m.status === "sent" && m.attempts === 1),
    ).toBe(true);
  });

  test("outage – mail waits while the SMTP server is down and arrives exactly once when it is back", async () => {
    const probe = await smtp();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    let clock = new Date("2026-05-01T09:00:00Z");
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, now: () => clock });
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@example.com",
        conditionType: "all",
        createdAt: clock,
        updatedAt: clock,
      })
      .run();
    const { ticketId } = await submit(t);
    const staffRow = () =>
      t!.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "staff_notification")).get()!;
    const retry = { baseDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 5 };
    worker = startMailWorker({
      db: t.db,
      publicUrl: "https://desk.example.com",
      now: () => clock,
      sender: createSmtpSender(t.config.mail.smtpUrl!, t.config.mail.from),
      retry,
      pollMs: 3_600_000,
    });
    await worker.drain();
    let row = staffRow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("ECONNREFUSED");
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);

    clock = new Date(clock.getTime() + 61_000);
    await worker.drain(); // second failure doubles the wait
    row = staffRow();
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 120_000);

    server = await smtp(port);
    await worker.drain(); // not due yet: nothing is sent early
    expect(server.received).toHaveLength(0);
    clock = new Date(clock.getTime() + 121_000);
    await worker.drain();
    await worker.drain();
    // the staff notification and the submitter's confirmation, each exactly once
    expect(server.received.map((m) => m.to).sort()).toEqual([["desk@example.com"], ["jane.doe@example.com"]]);
    expect(server.received.every((m) => m.raw.includes(ticketId))).toBe(true);
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => [m.status, m.attempts]),
    ).toEqual([
      ["sent", 3],
      ["sent", 3],
    ]);
  });

  test("restart – a message claimed by a run that died is sent once by the next run", async () => {
    server = await smtp();
    let clock = new Date("2026-05-01T09:00:00Z");
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${server.port}` }, now: () => clock });
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@example.com",
        conditionType: "all",
        createdAt: clock,
        updatedAt: clock,
      })
      .run();
    await submit(t);
    await submit(t); // two tickets: a staff notification and a confirmation each
    // A previous process leased the first row, then crashed before sending.
    t.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(clock.getTime() + 300_000) })
      .where(eq(mailOutbox.id, 1))
      .run();
    worker = startMailWorker({
      db: t.db,
      publicUrl: "https://desk.example.com",
      now: () => clock,
      sender: createSmtpSender(t.config.mail.smtpUrl!, t.config.mail.from),
      pollMs: 3_600_000,
    });
    await worker.drain();
    expect(server.received).toHaveLength(3); // the leased one waits for its lease to end
    clock = new Date(clock.getTime() + 301_000);
    await worker.drain();
    await worker.drain();
    expect(server.received).toHaveLength(4);
    expect(new Set(server.received.map((m) => /Message-ID:\s*(<[^>]+>)/i.exec(m.raw)![1])).size).toBe(4);
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => m.status),
    ).toEqual(["sent", "sent", "sent", "sent"]);
  });

  test("give up – after the last attempt the message is marked failed and the Email tab shows the error", async () => {
    const probe = await smtp();
    await probe.close();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${probe.port}` } });
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@example.com",
        conditionType: "all",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .run();
    await submit(t);
    const retry = { baseDelayMs: 0, maxDelayMs: 0, maxAttempts: 2 };
    worker = startMailWorker({
      db: t.db,
      publicUrl: "https://desk.example.com",
      now: t.deps.now,
      sender: createSmtpSender(t.config.mail.smtpUrl!, t.config.mail.from),
      retry,
      pollMs: 3_600_000,
    });
    await worker.drain();
    await worker.drain();
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => [m.status, m.attempts]),
    ).toEqual([
      ["failed", 2],
      ["failed", 2],
    ]);
    const status = await (
      await t.request("/api/admin/config/email-routing/outbox", { cookie: await t.loginAs("admin") })
    ).json();
    expect(status).toMatchObject({ smtpConfigured: true, pending: 0, failed: 2 });
    expect(status.lastError).toContain("ECONNREFUSED");
  });

  test("sibling processes – every write of a pass waits for this process's turn to write", async () => {
    server = await smtp();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${server.port}`, MAIL_FROM: "Helpdesk <desk@example.com>" },
    });
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@example.com",
        conditionType: "all",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .run();
    await submit(t);
    // Another process holds the write lock except during this process's turns; a write out of turn fails at once.
    const other = new Database(t.config.dbPath);
    other.exec("BEGIN IMMEDIATE");
    t.sqlite.exec("PRAGMA busy_timeout = 0");
    let turns = 0;
    const inWriteTurn = async <T>(write: () => T) => {
      turns++;
      other.exec("COMMIT");
      try {
        return write();
      } finally {
        other.exec("BEGIN IMMEDIATE");
      }
    };
    worker = startMailWorker({
      db: t.db,
      publicUrl: "https://desk.example.com",
      now: t.deps.now,
      sender: createSmtpSender(t.config.mail.smtpUrl!, t.config.mail.from),
      pollMs: 3_600_000,
      inWriteTurn,
    });
    await worker.drain();
    other.exec("ROLLBACK");
    other.close();
    const rows = t.db.select().from(mailOutbox).all();
    expect(rows.map((m) => [m.kind, m.status])).toEqual([
      ["staff_notification", "sent"],
      ["submitter_confirmation", "sent"],
    ]);
    expect(server.received).toHaveLength(2);
    // per mail: the claim, the links minted into it, the mark as sent; then a claim that finds nothing
    expect(turns).toBeGreaterThanOrEqual(2 * 3 + 1);
  });

  test("no SMTP_URL – mail stays queued in the outbox", async () => {
    t = await createTestApp();
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@example.com",
        conditionType: "all",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .run();
    await submit(t);
    worker = startMailWorker({ db: t.db, now: t.deps.now, sender: null });
    worker.wake();
    await worker.drain();
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => [m.kind, m.status, m.attempts]),
    ).toEqual([
      ["staff_notification", "pending", 0],
      ["submitter_confirmation", "pending", 0],
    ]);
  });
});
