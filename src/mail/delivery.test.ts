import { afterAll, beforeAll, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { startServer, ADMIN, type TestServer } from "../e2e/server";

// The real server process: a submitted ticket wakes the mailer, so mail arrives long before the 15 s poll.
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;
beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Desk <desk@example.com>",
    PUBLIC_URL: "https://desk.example.com",
  });
}, 30_000);
/** The bodies as a reader sees them: quoted-printable soft breaks and =XX escapes undone (ASCII is enough here). */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((r) => smtp.close(() => r()));
});

test("delivery – a new ticket's notification and the submitter's confirmation arrive within seconds, once each", async () => {
  // A browser on the public address sends that origin (the only one allowed to write under PUBLIC_URL).
  const headers = { "Content-Type": "application/json", Origin: "https://desk.example.com" };
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers,
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const rule = { name: "All", emailAddresses: "team@example.com", conditionType: "all", isActive: true };
  expect(
    (
      await fetch(`${server.url}/api/admin/config/email-routing`, {
        method: "POST",
        headers: { ...headers, Cookie: cookie },
        body: JSON.stringify(rule),
      })
    ).status,
  ).toBe(201);
  const ticket = {
    firstName: "Jo",
    lastName: "Lee",
    email: "jo@example.com",
    phone: "555-123-4567",
    companyId: 1,
    companyName: "Main Office",
    department: "IT",
    ticketType: "IT",
    priority: "high",
    description: "Printer is on fire again",
  };
  const res = await fetch(`${server.url}/api/tickets`, {
    method: "POST",
    headers,
    body: JSON.stringify(ticket),
  });
  const { ticketId } = await res.json();
  const started = Date.now();
  while (received.length < 2 && Date.now() - started < 5000) await Bun.sleep(50);
  expect(Date.now() - started).toBeLessThan(5000);
  await Bun.sleep(500);
  const staff = received.filter((m) => m.to.includes("team@example.com"));
  const confirmation = received.filter((m) => m.to.includes("jo@example.com"));
  expect([staff.length, confirmation.length, received.length]).toEqual([1, 1, 2]);
  expect(readable(staff[0]!.raw)).toContain(ticketId);
  expect(readable(staff[0]!.raw)).toContain(`<a href="https://desk.example.com/admin/tickets/${ticketId}">`);
  const receipt = readable(confirmation[0]!.raw);
  expect(receipt).toContain(`Subject: [${ticketId}] We received your ticket`);
  expect(receipt).toContain("Our team responds within 2 business hours."); // the target of its priority
  expect(receipt).not.toContain("Printer is on fire again");
  expect(receipt).toMatch(/^Auto-Submitted: auto-generated/m);
  // The receipt's private link opens the ticket, unmasked, for whoever holds it.
  const token = receipt.match(/https:\/\/desk\.example\.com\/t\/([a-z2-7]{32})/)?.[1];
  expect(token).toBeDefined();
  const own = await fetch(`${server.url}/api/t/${token}`);
  expect(own.status).toBe(200);
  expect((await own.json()).ticket).toMatchObject({
    ticketId,
    email: "jo@example.com",
    phone: "555-123-4567",
  });
}, 30_000);
