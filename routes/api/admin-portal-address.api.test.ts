import { afterEach, describe, expect, test } from "bun:test";
import { auditLogs, mailOutbox } from "../../db/schema";
import { liveSender } from "../../src/mail/live-sender";
import { startMailWorker, type MailWorker } from "../../src/mail/worker";
import { currentSmtp } from "../../src/settings/mail-transport";
import { publicUrlOf } from "../../src/settings/public-address";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await sink?.stop();
  t?.close();
  worker = sink = t = undefined;
});

const put = (app: TestApp, cookie: string, publicUrl: unknown) =>
  app.request("/api/admin/portal/address", { method: "PUT", json: { publicUrl }, cookie });

describe("public address – Settings → Portal", () => {
  test("admins save it, audited; staff get 403; a bad address answers 400 naming the form", async () => {
    t = await createTestApp();
    const admin = await t.loginAs("admin");
    const staff = await t.loginAs("staff");
    expect((await put(t, staff, "https://help.example.com")).status).toBe(403);
    const bad = await put(t, admin, "help.example.com");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("https://help.example.com");
    expect((await put(t, admin, "javascript:alert(1)")).status).toBe(400);
    const ok = await put(t, admin, "https://help.example.com/");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      publicUrl: "https://help.example.com",
      setByEnvironment: false,
      heldMail: 0,
    });
    const audit = t.db.select().from(auditLogs).all().at(-1)!;
    expect(audit.entityType).toBe("portal_settings");
    expect(JSON.stringify(audit.newValue)).toContain("https://help.example.com");
  });

  test("PUBLIC_URL in the environment wins and the setting is read-only", async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://env.example.com" } });
    const admin = await t.loginAs("admin");
    const get = await t.request("/api/admin/portal/address", { cookie: admin });
    expect(await get.json()).toMatchObject({ publicUrl: "https://env.example.com", setByEnvironment: true });
    const res = await put(t, admin, "https://other.example.com");
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain("PUBLIC_URL");
  });

  test("without an address a requester mail is held, then sent with an absolute link once it is set", async () => {
    t = await createTestApp();
    sink = await startSmtpSink();
    const admin = await t.loginAs("admin");
    const smtp = await t.request("/api/admin/mail/accounts/smtp", {
      method: "PUT",
      json: { host: "127.0.0.1", port: sink.port, security: "none", fromAddress: "help@example.com" },
      cookie: admin,
    });
    expect(smtp.status).toBe(200);
    await submit(t);
    const app = t;
    const live = liveSender(() => currentSmtp(app.deps));
    worker = startMailWorker({
      db: t.db,
      now: t.deps.now,
      sender: live.get,
      pollMs: 60_000,
      publicUrl: () => publicUrlOf(app.deps),
    });
    await worker.drain();
    expect(sink.messages.length).toBe(0);
    expect(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => m.status),
    ).toContain("pending");
    const health = await (await t.request("/api/admin/mail/health", { cookie: admin })).json();
    expect(health.outbound.heldForAddress).toBeGreaterThan(0);
    const got = await (await t.request("/api/admin/portal/address", { cookie: admin })).json();
    expect(got).toMatchObject({ publicUrl: null, heldMail: health.outbound.heldForAddress });

    expect((await put(t, admin, "https://desk.example.com")).status).toBe(200);
    await worker.drain();
    const sent = await sink.waitFor((m) => (m.parsed.text ?? "").includes("https://desk.example.com/t/"));
    expect(sent.parsed.text).not.toContain("on the help desk's address");
    live.close();
  });
});
