import { expect, test } from "@playwright/test";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { ADMIN, open, signIn, startServer, toast, type TestServer } from "./server";

let server: TestServer;
const COLLEAGUE = { email: "colleague@example.com", password: "colleague-pass" };

/** A same-origin JSON call with a session cookie, as the colleague's own browser would make it. */
const call = (path: string, cookie: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
async function signedIn(email: string, password: string) {
  const res = await call("/api/login", "", { email, password });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  expect((await call("/api/auth/confirm-password", cookie, { password })).status).toBe(200);
  return cookie;
}

test.beforeAll(async () => {
  server = await startServer();
  const admin = await signedIn(ADMIN.email, ADMIN.password);
  const made = await call("/api/admin/users", admin, { ...COLLEAGUE, firstName: "Col", lastName: "League" });
  expect(made.status).toBe(201);
  const cookie = await signedIn(COLLEAGUE.email, COLLEAGUE.password);
  const { secret } = await (await call("/api/auth/two-factor/enrol", cookie, {})).json();
  const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
  expect((await call("/api/auth/two-factor/confirm", cookie, { code })).status).toBe(200);
});
test.afterAll(async () => server.stop());

test("users – resetting a colleague's two-factor sign-in asks for my password first, then goes through", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  await page.getByRole("button", { name: `Actions for ${COLLEAGUE.email}` }).click();
  await page.getByRole("menuitem", { name: "Reset Two-Factor" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel("Password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Incorrect password");
  await confirm.getByLabel("Password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();

  await expect(confirm).toHaveCount(0);
  await expect(toast(page, "Two-factor sign-in reset; the user was signed out")).toBeVisible();
  const res = await page.request.get(`${server.url}/api/admin/users`);
  const users = (await res.json()) as { email: string; twoFactorEnabled: boolean }[];
  expect(users.find((u) => u.email === COLLEAGUE.email)?.twoFactorEnabled).toBe(false);
});

test("users – my own sign-in cannot be reset from Settings; my profile is the place", async ({ page }) => {
  await signIn(page, server.url);
  await open(page, `${server.url}/admin`);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  await page.getByRole("button", { name: `Actions for ${ADMIN.email}` }).click();
  const temp = page.getByRole("menuitem", { name: "Set Temporary Password" });
  await expect(temp).toHaveAttribute("data-disabled", "");
});

test("users – cancelling the password leaves the role as it was; once confirmed, the next action asks no more", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  const row = page.getByTestId("user-row").filter({ hasText: COLLEAGUE.email });
  const editRole = async () => {
    await page.getByRole("button", { name: `Actions for ${COLLEAGUE.email}` }).click();
    await page.getByRole("menuitem", { name: "Edit Role" }).click();
    await page.getByRole("dialog", { name: "Edit Role" }).getByLabel("Role").selectOption("admin");
    await page.getByRole("dialog", { name: "Edit Role" }).getByRole("button", { name: "Save" }).click();
  };
  await editRole();
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Please confirm your password to continue")).toBeVisible();
  await expect(row).toContainText("staff");
  await page.getByRole("dialog", { name: "Edit Role" }).getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: `Actions for ${COLLEAGUE.email}` }).click();
  await page.getByRole("menuitem", { name: "Set Temporary Password" }).click();
  await page.getByLabel("Temporary password", { exact: true }).fill("temp-pass-42");
  await page.getByRole("button", { name: "Set Password" }).click();
  await confirm.getByLabel("Password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Temporary password set; it must be changed at next sign-in")).toBeVisible();

  await editRole();
  await expect(toast(page, "User role updated successfully")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("admin");
});
