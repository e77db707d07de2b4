import { afterEach, expect, test } from "bun:test";
import { startMailWorker, type MailWorker } from "../../src/mail/worker";
import { liveSender } from "../../src/mail/live-sender";
import { currentSmtp } from "../../src/settings/mail-transport";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { createTestApp, type TestApp } from "../../src/testing/test-app";

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
  worker = startMailWorker({ db: t.db, now: () => new Date(), sender: live.get, pollMs: 60_000 });
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
  worker = startMailWorker({ db: t.db, now: () => new Date(), sender: live.get, pollMs: 60_000 });
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
