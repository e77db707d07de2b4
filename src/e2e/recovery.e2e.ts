import { expect, test } from "@playwright/test";
import { ADMIN, open, startServer, type TestServer } from "./server";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let server: TestServer;
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ SMTP_URL: sink.url });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

test("forgot password – the e-mailed link sets a new password and signs in; the link works once", async ({
  page,
}) => {
  await open(page, `${server.url}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(`${server.url}/forgot-password`);
  await page.waitForSelector("body[data-hydrated]");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that e-mail");

  const mail = await sink.waitFor((m) => m.to.includes(ADMIN.email), 15_000);
  const path = String(mail.parsed.text).match(/\/reset-password\/[a-z2-7]{32}/)![0];
  await open(page, `${server.url}${path}`);
  await page.getByLabel("New password", { exact: true }).fill("fresh-password-1");
  await page.getByLabel("Confirm new password").fill("fresh-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await page.context().clearCookies();
  await open(page, `${server.url}${path}`);
  await page.getByLabel("New password", { exact: true }).fill("another-one-2");
  await page.getByLabel("Confirm new password").fill("another-one-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
});
