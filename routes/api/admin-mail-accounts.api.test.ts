import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { startDovecot, type Dovecot } from "../../src/testing/dovecot";
import { freePort } from "../../src/testing/child-server";

const SMTP_PASS = "smtp-Secret-8e2f1c";
const IMAP_PASS = "imap-Secret-4b7d90";
let sink: SmtpSink;
let dovecot: Dovecot;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  sink = await startSmtpSink({ auth: { user: "mailer", pass: SMTP_PASS } });
  dovecot = await startDovecot({ users: [{ user: "support", password: IMAP_PASS }] });
});
afterAll(async () => {
  await sink.stop();
  await dovecot.stop();
});
beforeEach(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: "debug" } });
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const smtp = (over: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port: sink.port,
  security: "none",
  user: "mailer",
  password: SMTP_PASS,
  fromName: "IT Help",
  fromAddress: "help@example.com",
  ...over,
});
const imap = (over: Record<string, unknown> = {}) => ({
  host: dovecot.host,
  port: dovecot.port,
  tls: false,
  user: "support",
  password: IMAP_PASS,
  folder: "INBOX",
  ...over,
});
const call = async (method: string, path: string, json?: unknown) => {
  const res = await t.request(`/api/admin/mail${path}`, { method, json, cookie: admin });
  return { status: res.status, text: await res.text() };
};

describe("mail accounts in Settings", () => {
  test("both accounts saved and tested against real servers; passwords never in clear", async () => {
    expect((await call("PUT", "/accounts/smtp", smtp())).status).toBe(200);
    expect((await call("PUT", "/accounts/imap", imap())).status).toBe(200);
    const view = await call("GET", "/accounts");
    expect(JSON.parse(view.text).smtp).toMatchObject({ source: "settings", hasPassword: true });
    // the saved password is used when the form leaves it empty
    const sent = await call("POST", "/accounts/smtp/test", smtp({ password: "" }));
    expect(JSON.parse(sent.text)).toMatchObject({ ok: true });
    await sink.waitFor((m) => m.parsed.subject === "Helpdesk test e-mail");
    expect(
      JSON.parse((await call("POST", "/accounts/imap/test", imap({ password: "" }))).text),
    ).toMatchObject({
      ok: true,
    });
    const answers = [
      view.text,
      sent.text,
      await (await t.request("/api/admin/audit-logs", { cookie: admin })).text(),
    ];
    expect(answers[2]).toContain("mail_account_smtp");
    expect(answers[2]).toContain("passwordChanged");
    t.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const file = readFileSync(t.deps.config.dbPath).toString("latin1");
    for (const secret of [SMTP_PASS, IMAP_PASS]) {
      for (const a of answers) expect(a).not.toContain(secret);
      expect(file).not.toContain(secret);
    }
  });

  test("a wrong password, a closed port and a wrong folder each get their own message", async () => {
    const wrongSmtp = JSON.parse(
      (await call("POST", "/accounts/smtp/test", smtp({ password: "nope" }))).text,
    );
    expect(wrongSmtp).toMatchObject({ ok: false, step: "authentication" });
    const wrongImap = JSON.parse(
      (await call("POST", "/accounts/imap/test", imap({ password: "nope" }))).text,
    );
    expect(wrongImap).toMatchObject({ ok: false, step: "authentication" });
    const closed = JSON.parse(
      (await call("POST", "/accounts/imap/test", imap({ port: await freePort() }))).text,
    );
    expect(closed).toMatchObject({ ok: false, step: "tcp" });
    expect(closed.message).toContain("refused the connection");
    const folder = JSON.parse((await call("POST", "/accounts/imap/test", imap({ folder: "Nowhere" }))).text);
    expect(folder).toMatchObject({ ok: false, step: "folder" });
    const dns = JSON.parse(
      (await call("POST", "/accounts/imap/test", imap({ host: "no-such-host.invalid" }))).text,
    );
    expect(dns).toMatchObject({ ok: false, step: "dns" });
    expect(new Set([wrongImap.message, closed.message, folder.message, dns.message]).size).toBe(4);
  });

  test("an account from the environment is shown as such and cannot be changed here", async () => {
    const env = await createTestApp({ env: { SMTP_URL: sink.url } });
    const cookie = await env.loginAs("admin");
    const view = await env.request("/api/admin/mail/accounts", { cookie });
    expect((await view.json()).smtp.source).toBe("environment");
    const put = await env.request("/api/admin/mail/accounts/smtp", { method: "PUT", json: smtp(), cookie });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toContain("server's environment");
    env.close();
  });
});
