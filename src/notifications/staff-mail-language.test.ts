import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { currentSmtp } from "../settings/mail-transport";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { liveSender } from "../mail/live-sender";
import { startMailWorker, type MailWorker } from "../mail/worker";
import { DIGEST_WINDOW_MS } from "./digest";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
let live: ReturnType<typeof liveSender> | undefined;
afterEach(async () => {
  await worker?.stop();
  live?.close();
  await sink?.stop();
  t?.close();
});

/** An app whose mail goes to a real SMTP sink through the real worker, with the clock in the test's hand. */
async function mailingApp() {
  const clock = { now: new Date("2026-03-02T09:00:00Z") };
  t = await createTestApp({ now: () => clock.now });
  sink = await startSmtpSink();
  const admin = await t.loginAs("admin");
  const put = await t.request("/api/admin/mail/accounts/smtp", {
    method: "PUT",
    json: { host: "127.0.0.1", port: sink.port, security: "none", fromAddress: "help@example.com" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  live = liveSender(() => currentSmtp(t!.deps));
  worker = startMailWorker({
    db: t.db,
    now: () => clock.now,
    sender: live.get,
    pollMs: 60_000,
    publicUrl: "https://help.example.com",
  });
  return { app: t, sink, worker, admin, clock };
}

const speaks = async (app: TestApp, cookie: string, language: string) =>
  expect(
    (await app.request("/api/auth/language", { method: "PUT", json: { language }, cookie })).status,
  ).toBe(200);

test("a reset e-mail and the notification digest reach a German-speaking agent in German", async () => {
  const { app, sink, worker, admin, clock } = await mailingApp();
  const ann = await app.loginAs("staff", { email: "ann@example.com", firstName: "Ann" });
  await speaks(app, ann, "de");
  const forgot = await app.request("/api/auth/forgot-password", { json: { email: "ann@example.com" } });
  expect(forgot.status).toBe(200);
  await worker.drain();
  const reset = await sink.waitFor((m) => m.to.includes("ann@example.com"));
  expect(reset.parsed.subject).toBe("Ihr Helpdesk-Passwort zurücksetzen");
  expect(reset.parsed.text).toContain("innerhalb von 30 Minuten ein neues Passwort");
  expect(reset.parsed.text).toMatch(/https:\/\/help.example.com\/reset-password\/[a-z2-7]{32}/);

  const me = app.db.select().from(users).where(eq(users.email, "ann@example.com")).get()!;
  for (const ticketId of ["WI-2026-901", "WI-2026-902"]) {
    const ticket = insertTicket(app, { ticketId });
    const res = await app.request(`/api/admin/tickets/${ticket.id}/assign`, {
      method: "PUT",
      json: { assignedTo: me.id },
      cookie: admin,
    });
    expect(res.status).toBe(200);
  }
  clock.now = new Date(clock.now.getTime() + DIGEST_WINDOW_MS);
  await worker.drain();
  const digest = await sink.waitFor((m) => m.to.includes("ann@example.com") && m !== reset);
  expect(digest.parsed.subject).toBe("2 Neuigkeiten zu Ihren Tickets");
  expect(digest.parsed.text).toContain("WI-2026-901: Ihnen zugewiesen von Admin");
  expect(digest.parsed.text).toContain("Worüber Sie informiert werden, wählen Sie in Ihrem Profil.");
});

test("an invitation is written in the office's language when the new user has chosen none", async () => {
  const { app, sink, worker, admin } = await mailingApp();
  const office = await app.request("/api/admin/portal/language", {
    method: "PUT",
    json: { language: "de" },
    cookie: admin,
  });
  expect(office.status).toBe(200);
  await speaks(app, admin, "en"); // the inviting admin's own language does not matter
  const created = await app.request("/api/admin/users", {
    json: { email: "bea@example.com", firstName: "Bea", lastName: "Berg", role: "staff" },
    cookie: admin,
  });
  expect(created.status).toBe(201);
  await worker.drain();
  const invite = await sink.waitFor((m) => m.to.includes("bea@example.com"));
  expect(invite.parsed.subject).toBe("Sie sind zum Helpdesk eingeladen");
  expect(invite.parsed.text).toContain(
    "Hallo Bea, ein Administrator hat Sie zum Helpdesk des Teams hinzugefügt.",
  );
  expect(invite.parsed.text).toMatch(/\/invitation\/[a-z2-7]{32}/);
});
