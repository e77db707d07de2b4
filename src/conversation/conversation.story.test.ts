import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Dovecot, startDovecot } from "../testing/dovecot";
import { type SmtpSink, startSmtpSink } from "../testing/smtp-sink";
import { ADMIN, startServer, type TestServer } from "../e2e/server";

// The whole conversation against real servers: the help desk process, a Dovecot mailbox it reads
// replies from, and an SMTP server that receives everything it sends.
const PUBLIC_URL = "https://help.example.com";
const MAILBOX = { user: "helpdesk@example.com", password: "mailbox-pw" };
let imap: Dovecot;
let smtp: SmtpSink;
let server: TestServer;
let cookie = "";
const headers = () => ({ "Content-Type": "application/json", Origin: PUBLIC_URL, Cookie: cookie });
const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: headers(),
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};

beforeAll(async () => {
  imap = await startDovecot({ users: [MAILBOX] });
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Help Desk <helpdesk@example.com>",
    PUBLIC_URL,
    IMAP_URL: imap.imapUrl(MAILBOX.user),
    IMAP_POLL_SECONDS: "5",
    INBOUND_MAX_BYTES: "200000",
  });
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: PUBLIC_URL },
    body: JSON.stringify(ADMIN),
  });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await imap?.stop();
});

/** A reply as a mail client writes it: threaded to `to`, the new text above the quoted message. */
function replyMail(
  to: { messageId: string; subject: string },
  text: string,
  over: Record<string, string> = {},
) {
  const h = {
    From: "Jane Doe <jane@example.com>",
    To: MAILBOX.user,
    Subject: `Re: ${to.subject}`,
    "Message-ID": `<${crypto.randomUUID()}@mail.example.net>`,
    "In-Reply-To": to.messageId,
    References: to.messageId,
    Date: new Date().toUTCString(),
    "Content-Type": "text/plain; charset=utf-8",
    ...over,
  };
  const quoted = `On Mon, 23 Nov 2026 at 10:00, Help Desk <helpdesk@example.com> wrote:\n> Earlier message\n> with two lines\n`;
  return `${Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n${text}\r\n\r\n${quoted.replaceAll("\n", "\r\n")}`;
}
const notes = async (id: number) =>
  (await api(`/api/admin/tickets/${id}/notes`)).body as {
    note: string;
    source: string;
    isInternal: boolean;
  }[];
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v) return v;
    await Bun.sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

test("conversation – portal, receipt with link, staff reply by mail, answer from a mail client, notice, completion", async () => {
  const staff = await api("/api/admin/users", {
    json: {
      email: "alex@example.com",
      password: "alex-password-1",
      firstName: "Alex",
      lastName: "Kim",
      role: "staff",
    },
  });
  expect(staff.status).toBe(201);
  const submitted = await api("/api/tickets", {
    json: {
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      phone: "555-123-4567",
      companyId: 1,
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      priority: "high",
      description: "The printer on floor 2 prints blank pages.",
    },
  });
  const { id, ticketId } = submitted.body as { id: number; ticketId: string };
  await api(`/api/admin/tickets/${id}/assign`, { method: "PUT", json: { assignedTo: staff.body.id } });

  // The receipt names the ticket and carries a private link that opens it.
  const receipt = await smtp.waitFor((m) => m.to.includes("jane@example.com"), 15_000);
  expect(receipt.parsed.subject).toBe(`[${ticketId}] We received your ticket`);
  expect(receipt.parsed.headers.get("auto-submitted")).toBe("auto-generated");
  expect(receipt.parsed.replyTo?.text).toContain(MAILBOX.user);
  const token = receipt.parsed.text?.match(/https:\/\/help\.example\.com\/t\/([a-z2-7]{32})/)?.[1];
  expect((await api(`/api/t/${token}`)).body.ticket.email).toBe("jane@example.com");

  // Staff answer; the requester gets the text, threaded under the receipt. Internal notes stay inside.
  await api(`/api/admin/tickets/${id}/notes`, {
    json: { note: "Internal: toner batch 7 is bad", isInternal: true },
  });
  await api(`/api/admin/tickets/${id}/notes`, { json: { note: "Please send a photo of a page." } });
  const reply = await smtp.waitFor(
    (m) => m.parsed.subject === `[${ticketId}] New reply to your ticket`,
    15_000,
  );
  expect(reply.parsed.text).toContain("Please send a photo of a page.");
  expect(reply.parsed.inReplyTo).toBe(receipt.parsed.messageId);
  for (const m of smtp.messages) expect(m.raw.toString()).not.toContain("toner batch 7");

  // Jane answers from her mail client, with a photo; the reply lands once, quotes stripped, the assignee is told.
  const answer = replyMail(
    { messageId: reply.parsed.messageId!, subject: reply.parsed.subject! },
    "Here it is, all blank.",
  );
  await imap.append(MAILBOX.user, answer);
  const stored = await until("the reply on the ticket", async () =>
    (await notes(id)).find((n) => n.source === "email"),
  );
  expect(stored.note).toBe("Here it is, all blank.");
  const notice = await smtp.waitFor((m) => m.to.includes("alex@example.com"), 15_000);
  expect(notice.parsed.subject).toBe(`[${ticketId}] Jane Doe replied`);
  expect(notice.parsed.text).toContain("Here it is, all blank.");

  // Delivered again (a second copy in the mailbox): still one note.
  await imap.append(MAILBOX.user, answer);
  await Bun.sleep(6_000);
  expect((await notes(id)).filter((n) => n.source === "email")).toHaveLength(1);

  // Done: the requester hears it, with the thread intact.
  await api(`/api/admin/tickets/${id}/status`, { method: "PUT", json: { status: "completed" } });
  const done = await smtp.waitFor(
    (m) => m.parsed.subject === `[${ticketId}] Your ticket is resolved`,
    15_000,
  );
  expect(done.parsed.references).toContain(receipt.parsed.messageId);
  const health = await api("/api/admin/mail/health");
  expect(health.body.inbound).toMatchObject({ configured: true, lastError: null });
  expect(health.body.inbound.processed).toBeGreaterThanOrEqual(1);
}, 120_000);

test("conversation – strangers, auto-replies, bounces, oversized and scripted mail never reach a ticket as written", async () => {
  const submitted = await api("/api/tickets", {
    json: {
      firstName: "Ola",
      lastName: "Berg",
      email: "ola@example.com",
      phone: "555-123-4567",
      companyId: 1,
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      priority: "low",
      description: "Need a new keyboard for my desk.",
    },
  });
  const { id, ticketId } = submitted.body as { id: number; ticketId: string };
  const base = { messageId: "<nothing@else.test>", subject: `[${ticketId}] hello` };
  await imap.append(MAILBOX.user, [
    replyMail(base, "I am not Ola but let me in", {
      From: "Mallory <mallory@evil.test>",
      "In-Reply-To": "",
      References: "",
    }),
    replyMail(base, "I am out of office", {
      From: "Ola Berg <ola@example.com>",
      "Auto-Submitted": "auto-replied",
    }),
    replyMail(base, "Delivery failed", { From: "MAILER-DAEMON@example.com" }),
    replyMail(base, `Huge ${"y".repeat(300_000)}`, { From: "Ola Berg <ola@example.com>" }),
    replyMail(base, `<script>window.__xss=1</script>Keyboard ${"x".repeat(50)}`, {
      From: "Ola Berg <ola@example.com>",
    }),
  ]);
  const scripted = await until("Ola's own reply", async () =>
    (await notes(id)).find((n) => n.source === "email"),
  );
  expect(scripted.note).toContain("<script>window.__xss=1</script>Keyboard"); // kept as text, shown as text
  await Bun.sleep(6_000);
  const all = (await notes(id)).filter((n) => n.source === "email");
  expect(all).toHaveLength(1);
  const health = await api("/api/admin/mail/health");
  // The stranger (left unread) and the oversized mail (refused without reading its body) are listed.
  expect(health.body.inbound.skippedLastWeek).toBeGreaterThanOrEqual(2);
  expect(all[0]!.note).not.toContain("Huge");
}, 120_000);
