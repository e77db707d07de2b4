import { expect, test } from "@playwright/test";
import { ADMIN, open, signIn, startServer, toast, type TestServer } from "./server";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let server: TestServer;
let sink: SmtpSink;
// the first test resets the admin's password; the second signs in with the new one
test.describe.configure({ mode: "serial" });
const RESET_TO = "fresh-password-1";
test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ SMTP_URL: sink.url }, { ownPublicUrl: true });
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
  await page.getByLabel("New password", { exact: true }).fill(RESET_TO);
  await page.getByLabel("Confirm new password").fill(RESET_TO);
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

test("invitation – an admin adds a user without a password; the e-mailed link sets one and the user signs in", async ({
  page,
}) => {
  await signIn(page, server.url, { email: ADMIN.email, password: RESET_TO });
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill("ivy@example.com");
  await dialog.getByLabel("First Name").fill("Ivy");
  await dialog.getByLabel("Last Name").fill("Invited");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "User created successfully")).toBeVisible();
  await expect(page.getByTestId("user-row").filter({ hasText: "ivy@example.com" })).toContainText("Invited");

  const mail = await sink.waitFor((m) => m.to.includes("ivy@example.com"), 15_000);
  const path = String(mail.parsed.text).match(/\/invitation\/[a-z2-7]{32}/)![0];
  await page.context().clearCookies();
  await open(page, `${server.url}${path}`);
  await page.getByLabel("New password", { exact: true }).fill("ivy-chose-this");
  await page.getByLabel("Confirm new password").fill("ivy-chose-this");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL(`${server.url}/admin`);

  await page.context().clearCookies();
  await signIn(page, server.url, { email: "ivy@example.com", password: "ivy-chose-this" });
  await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible(); // added as staff
});
