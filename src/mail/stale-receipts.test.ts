import { afterEach, expect, test } from "bun:test";
import { mailOutbox } from "../../db/schema";
import { currentSmtp } from "../settings/mail-transport";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { liveSender } from "./live-sender";
import { startMailWorker, type MailWorker } from "./worker";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await sink?.stop();
  t?.close();
});

test("sending turned on after two days: 300 stale receipts dropped and counted, other mail sent", async () => {
  let clock = new Date("2026-03-02T09:00:00Z");
  t = await createTestApp({ now: () => clock });
  sink = await startSmtpSink();
  const row = (kind: "submitter_confirmation" | "staff_notification", i: number, at: Date) => ({
    kind,
    recipients: `r${i}@example.com`,
    subject: `${kind} ${i}`,
    textBody: "x",
    htmlBody: "<p>x</p>",
    createdAt: at,
    nextAttemptAt: at,
  });
  const queued = clock;
  t.db
    .insert(mailOutbox)
    .values(Array.from({ length: 300 }, (_, i) => row("submitter_confirmation", i, queued)))
    .run();
  t.db
    .insert(mailOutbox)
    .values(row("staff_notification", 0, queued))
    .run();
  clock = new Date(queued.getTime() + 2 * 86_400_000);
  t.db
    .insert(mailOutbox)
    .values(row("submitter_confirmation", 1000, new Date(clock.getTime() - 3600_000)))
    .run();
  const admin = await t.loginAs("admin");
  const health = async () =>
    (await (await t!.request("/api/admin/mail/health", { cookie: admin })).json()).outbound;
  // the preview before the first send
  expect(await health()).toMatchObject({ smtpConfigured: false, pending: 302, staleWaiting: 300 });
  const put = await t.request("/api/admin/mail/accounts/smtp", {
    method: "PUT",
    json: { host: "127.0.0.1", port: sink.port, security: "none", fromAddress: "help@example.com" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  const live = liveSender(() => currentSmtp(t!.deps));
  worker = startMailWorker({ db: t.db, now: () => clock, sender: live.get, pollMs: 60_000 });
  await worker.drain();
  await sink.waitFor((m) => m.parsed.subject === "submitter_confirmation 1000");
  await sink.waitFor((m) => m.parsed.subject === "staff_notification 0");
  expect(sink.messages.length).toBe(2);
  expect(await health()).toMatchObject({
    smtpConfigured: true,
    dropped: 300,
    sent: 2,
    pending: 0,
    staleWaiting: 0,
  });
  live.close();
});
