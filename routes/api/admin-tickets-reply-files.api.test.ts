import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { startMailWorker, type MailWorker } from "../../src/mail/worker";
import { createSmtpSender } from "../../src/mail/smtp";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let sink: SmtpSink;
let worker: MailWorker;
let admin: string;
let clock = new Date("2026-05-04T09:00:00Z");
beforeEach(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://help.example.com" }, now: () => clock });
  sink = await startSmtpSink();
  admin = await t.loginAs("admin");
  worker = startMailWorker({
    db: t.db,
    now: () => clock,
    sender: createSmtpSender(sink.url, "help@example.com"),
    publicUrl: "https://help.example.com",
    uploadsDir: t.deps.config.uploadsDir,
    pollMs: 60_000,
  });
});
afterEach(async () => {
  await worker.stop();
  await sink.stop();
  t.close();
});

/** Staff upload of one file to the ticket, as the composer does before sending its note. */
async function upload(id: number, name: string, bytes: Uint8Array<ArrayBuffer>, internal = false) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type: "text/plain" }));
  form.append("isInternal", String(internal));
  const res = await t.request(`/api/admin/tickets/${id}/attachments`, { body: form, cookie: admin });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }[])[0]!.id;
}
const reply = (id: number, json: unknown) =>
  t.request(`/api/admin/tickets/${id}/notes`, { json, cookie: admin });
/** Past any hold on the message, then one worker pass. */
async function sendQueued() {
  clock = new Date(clock.getTime() + 60_000);
  await worker.drain();
}
const text = (s: string) => new TextEncoder().encode(s);

describe("admin tickets – files in a reply reach the requester's e-mail", () => {
  test("a reply with a file arrives with the file attached", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const id = await upload(tk.id, "steps.txt", text("restart the router"));
    expect((await reply(tk.id, { note: "See the steps attached.", attachmentIds: [id] })).status).toBe(201);
    await sendQueued();
    const mail = await sink.waitFor((m) => m.to.includes("req@example.com"));
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(["steps.txt"]);
    expect(mail.parsed.attachments[0]!.content.toString()).toBe("restart the router");
  });

  test("files too large together go as a link to the ticket's page, not attached", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const big = new Uint8Array(6 * 1024 * 1024).fill(97);
    const a = await upload(tk.id, "log-a.txt", big);
    const b = await upload(tk.id, "log-b.txt", big);
    expect((await reply(tk.id, { note: "Both logs.", attachmentIds: [a, b] })).status).toBe(201);
    await sendQueued();
    const mail = await sink.waitFor((m) => m.to.includes("req@example.com"));
    expect(mail.parsed.attachments).toEqual([]);
    expect(mail.parsed.text).toContain("log-a.txt, log-b.txt");
    expect(mail.parsed.text).toMatch(/https:\/\/help\.example\.com\/t\/[\w-]+/);
  });

  test("an internal file never goes out, nor another ticket's file", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const other = insertTicket(t, { email: "someone@example.com" });
    const secret = await upload(tk.id, "internal.txt", text("staff only"), true);
    const foreign = await upload(other.id, "foreign.txt", text("not yours"));
    const ok = await upload(tk.id, "public.txt", text("for you"));
    const res = await reply(tk.id, { note: "Here you go.", attachmentIds: [secret, foreign, ok] });
    expect(res.status).toBe(201);
    const row = t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, tk.id)).get()!;
    expect(row.attachmentIds).toEqual([ok]);
    await sendQueued();
    const mail = await sink.waitFor((m) => m.to.includes("req@example.com"));
    expect(mail.parsed.attachments.map((x) => x.filename)).toEqual(["public.txt"]);
    expect(mail.raw.toString()).not.toContain("staff only");
  });

  test("an internal note with files sends nothing", async () => {
    const tk = insertTicket(t, { email: "req@example.com" });
    const id = await upload(tk.id, "notes.txt", text("x"), true);
    expect((await reply(tk.id, { note: "For us.", isInternal: true, attachmentIds: [id] })).status).toBe(201);
    expect(t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, tk.id)).all()).toEqual([]);
  });
});
