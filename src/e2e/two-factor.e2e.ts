import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { ADMIN, open, startServer, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer()));
test.afterAll(async () => server.stop());

/**
 * Every accessibility finding at a desktop and a phone width (in one part of the page, when given),
 * and a page wider than the phone's screen.
 */
async function axeAtBothWidths(page: Page, include?: string) {
  const found: string[] = [];
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const axe = new AxeBuilder({ page });
    const { violations } = await (include ? axe.include(include) : axe).analyze();
    found.push(...violations.map((v) => `${width}px ${v.id} (${v.impact}): ${v.nodes[0]?.target}`));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) found.push(`${width}px: the page is ${wide}px wide`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

/** What an authenticator app shows for that 30-second step of the key. */
const codeAt = (secret: string, step: number) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
const stepNow = () => Math.floor(Date.now() / 30_000);
let lastUsed = 0;
/** A code the server has not seen: newer than the last one used, and at most one step ahead of now. */
async function freshCode(page: Page, secret: string) {
  while (lastUsed > stepNow()) await page.waitForTimeout(500);
  lastUsed = Math.max(lastUsed + 1, stepNow());
  return codeAt(secret, lastUsed);
}

async function passwordStep(page: Page) {
  await page.goto(`${server.url}/api/logout`);
  await page.waitForSelector("body[data-hydrated]");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

test("two-factor – enrol from the profile behind the password, sign out, sign in with a code, a recovery code works once", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await open(page, `${server.url}/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${server.url}/admin`);

  await open(page, `${server.url}/profile`);
  await page.getByRole("tab", { name: "Two-Factor" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  // a session alone cannot turn it on: the password first, then the key appears
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(confirm).toBeVisible();
  expect(await axeAtBothWidths(page)).toEqual([]);
  await confirm.getByLabel("Password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByAltText("QR code to add Helpdesk to your authenticator app")).toBeVisible();
  expect(await axeAtBothWidths(page)).toEqual([]);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const enrolStep = stepNow();
  lastUsed = enrolStep;
  await page.getByLabel("Code from the app").fill(codeAt(secret, enrolStep));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  expect(await axeAtBothWidths(page)).toEqual([]);
  const recovery = (await codes.nth(0).textContent())!.trim();
  await page.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(page.getByText("Two-factor sign-in is on. 10 of 10 recovery codes left.")).toBeVisible();
  expect(await axeAtBothWidths(page)).toEqual([]);

  // The enrolment's code is spent; the app's next code is within the accepted window.
  await passwordStep(page);
  expect(await axeAtBothWidths(page)).toEqual([]);
  await page.getByLabel("Authentication code").fill(codeAt(secret, enrolStep));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid code");
  await page.getByLabel("Authentication code").fill(await freshCode(page, secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await passwordStep(page);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${server.url}/admin`);

  await passwordStep(page);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid code");
  await expect(page).toHaveURL(`${server.url}/login`);

  // The admin's requirement switch, now that the admin has a second factor.
  await page.getByRole("button", { name: "Use your authenticator app" }).click();
  await page.getByLabel("Authentication code").fill(await freshCode(page, secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await page.waitForSelector("body[data-hydrated]");
  await page.getByRole("tab", { name: "Settings" }).click();
  const require = page.getByLabel(/Require two-factor sign-in for all staff/);
  await require.check();
  await expect(require).toBeChecked();
  expect(await axeAtBothWidths(page, "[data-testid=two-factor-policy]")).toEqual([]);
});
