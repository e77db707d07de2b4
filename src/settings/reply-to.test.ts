import { afterEach, expect, test } from "bun:test";
import { mailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";

let t: TestApp;
afterEach(() => t.close());

const smtp = { host: "127.0.0.1", port: 2525, security: "none", fromAddress: "help@example.com" };

test("reply-to – the address saved with the SMTP account is on outgoing mail; MAIL_REPLY_TO wins", async () => {
  t = await createTestApp();
  const admin = await t.loginAs("admin");
  const put = await t.request("/api/admin/mail/accounts/smtp", {
    method: "PUT",
    json: { ...smtp, replyTo: "desk@example.com" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  await submit(t);
  expect(
    t.db
      .select()
      .from(mailOutbox)
      .all()
      .map((m) => m.replyTo),
  ).toContain("desk@example.com");
  t.close();

  t = await createTestApp({ env: { MAIL_REPLY_TO: "env@example.com" } });
  const again = await t.loginAs("admin");
  await t.request("/api/admin/mail/accounts/smtp", {
    method: "PUT",
    json: { ...smtp, replyTo: "desk@example.com" },
    cookie: again,
  });
  await submit(t);
  expect(
    t.db
      .select()
      .from(mailOutbox)
      .all()
      .map((m) => m.replyTo),
  ).toContain("env@example.com");
});
