import { afterEach, expect, test } from "bun:test";
import { startMailWorker, type MailWorker } from "../../src/mail/worker";
import { liveSender } from "../../src/mail/live-sender";
import { currentSmtp } from "../../src/settings/mail-transport";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { MAIL_UNDO_MS } from "../../src/shared/constants";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await sink?.stop();
  t?.close();
});

const ticket = {
  firstName: "Lucía",
  lastName: "García",
  email: "lucia@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "IT",
  priority: "high",
  description: "La impresora de la segunda planta no imprime.",
};

test("a ticket sent with Accept-Language: es gets its receipt and the staff reply in Spanish", async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  const res = await t.request("/api/tickets", {
    json: ticket,
    headers: { "Accept-Language": "es-ES,es;q=0.9" },
  });
  expect(res.status).toBe(201);
  const { id, ticketId } = (await res.json()) as { id: number; ticketId: string };
  const admin = await t.loginAs("admin");
  // Staff read English pages; the requester's language stays on the ticket.
  const note = await t.request(`/api/admin/tickets/${id}/notes`, {
    cookie: admin,
    headers: { "Accept-Language": "en" },
    json: { note: "Hemos cambiado el tóner.", isInternal: false },
  });
  expect(note.status).toBe(201);
  const live = liveSender(() => currentSmtp(t!.deps));
  // The worker's clock is past the few seconds a staff reply's e-mail is held for undo.
  worker = startMailWorker({
    db: t.db,
    now: () => new Date(Date.now() + MAIL_UNDO_MS + 1_000),
    sender: live.get,
    pollMs: 60_000,
    publicUrl: "http://localhost",
  });
  await worker.drain();
  const receipt = await sink.waitFor((m) => m.parsed.subject?.includes("Hemos recibido") ?? false);
  expect(receipt.parsed.subject).toBe(`[${ticketId}] Hemos recibido su ticket`);
  expect(receipt.parsed.text).toContain(`le hemos asignado el número de ticket ${ticketId}`);
  const reply = await sink.waitFor((m) => m.parsed.subject?.includes("Nueva respuesta") ?? false);
  expect(reply.parsed.subject).toBe(`[${ticketId}] Nueva respuesta a su ticket`);
  expect(reply.parsed.text).toContain("respondió a su ticket");
  expect(reply.parsed.text).toContain("Hemos cambiado el tóner.");
}, 30_000);

test("without Accept-Language the office default decides, and English stays the spec's text", async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  const res = await t.request("/api/tickets", { json: ticket });
  const { ticketId } = (await res.json()) as { ticketId: string };
  const live = liveSender(() => currentSmtp(t!.deps));
  worker = startMailWorker({
    db: t.db,
    now: () => new Date(),
    sender: live.get,
    pollMs: 60_000,
    publicUrl: "http://localhost",
  });
  await worker.drain();
  const receipt = await sink.waitFor((m) => m.to.includes("lucia@example.com"));
  expect(receipt.parsed.subject).toBe(`[${ticketId}] We received your ticket`);
});

test("the portal form's messages come back in the request's language", async () => {
  t = await createTestApp();
  const res = await t.request("/api/tickets", {
    json: { ...ticket, firstName: "" },
    headers: { "Accept-Language": "fr-FR" },
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    message: "Le prénom est obligatoire",
    errors: { firstName: "Le prénom est obligatoire" },
  });
});

test("the office default (Settings → Portal) decides for a browser that asks for none of ours", async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  const admin = await t.loginAs("admin");
  const put = await t.request("/api/admin/portal/language", {
    method: "PUT",
    cookie: admin,
    json: { language: "de" },
  });
  expect(await put.json()).toEqual({ language: "de" });
  const staff = await t.loginAs("staff");
  const refused = await t.request("/api/admin/portal/language", {
    method: "PUT",
    cookie: staff,
    json: { language: "fr" },
  });
  expect(refused.status).toBe(403);
  const page = await t.request("/", { headers: { "Accept-Language": "it-IT" } });
  expect(await page.text()).toContain('<html lang="de">');
  const res = await t.request("/api/tickets", { json: ticket, headers: { "Accept-Language": "it-IT" } });
  const { ticketId } = (await res.json()) as { ticketId: string };
  const live = liveSender(() => currentSmtp(t!.deps));
  worker = startMailWorker({
    db: t.db,
    now: () => new Date(),
    sender: live.get,
    pollMs: 60_000,
    publicUrl: "http://localhost",
  });
  await worker.drain();
  const receipt = await sink.waitFor((m) => m.to.includes("lucia@example.com"));
  expect(receipt.parsed.subject).toBe(`[${ticketId}] Wir haben Ihr Ticket erhalten`);
});

test("a user's language from Profile wins over the browser's, and null gives the choice back", async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  const langOf = async () =>
    (
      await (
        await t!.request("/forgot-password", { cookie: admin, headers: { "Accept-Language": "es" } })
      ).text()
    ).match(/<html lang="(\w+)"/)?.[1];
  const profile = async (language: string | null) =>
    t!.request("/api/auth/language", { method: "PUT", cookie: admin, json: { language } });
  expect((await profile("fr")).status).toBe(200);
  expect(await langOf()).toBe("fr");
  const me = await (await t.request("/api/auth/user", { cookie: admin })).json();
  expect(me.language ?? me.user?.language).toBe("fr");
  expect((await profile("xx")).status).toBe(400);
  await profile(null);
  expect(await langOf()).toBe("es");
});
