import { expect, test } from "@playwright/test";
import { ADMIN, open, signIn, startServer, toast, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer()));
test.afterAll(async () => server.stop());

test("login – wrong password shows the server's message above the fields", async ({ page }) => {
  await open(page, `${server.url}/login`);
  await expect(page.getByText("Admin Login")).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("login – then the dashboard greets the admin, and sign out returns to login", async ({ page }) => {
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome back, Admin")).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("My Account")).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL(`${server.url}/login`);
  await open(page, `${server.url}/admin`);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("guard – /admin and /profile show the login form when signed out", async ({ page }) => {
  await open(page, `${server.url}/profile`);
  await expect(page.getByText("Admin Login")).toBeVisible();
  await open(page, `${server.url}/admin`);
  await expect(page.getByText("Admin Login")).toBeVisible();
});

test("profile – update the name and change the password", async ({ page }) => {
  await signIn(page, server.url);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await page.waitForURL(`${server.url}/profile`);
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.getByText("Role:")).toContainText("admin");
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Last Name").fill("Hopper");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toast(page, "Your profile information has been updated successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Grace");

  await page.getByRole("tab", { name: "Change Password" }).click();
  await page.getByLabel("Current Password").fill(ADMIN.password);
  await page.getByLabel("New Password", { exact: true }).fill("another-pass");
  await page.getByLabel("Confirm New Password").fill("different");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("New passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm New Password").fill("another-pass");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Your password has been changed successfully.")).toBeVisible();
  await expect(page.getByLabel("Current Password")).toHaveValue("");

  // The old password no longer signs in; the new one does.
  await page.goto(`${server.url}/api/logout`);
  await open(page, `${server.url}/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await signIn(page, server.url, { email: ADMIN.email, password: "another-pass" });
  // put it back for the other tests of this file
  const reset = await page.request.put(`${server.url}/api/auth/password`, {
    data: { currentPassword: "another-pass", newPassword: ADMIN.password },
  });
  expect(reset.status()).toBe(200);
});

test("profile – a new e-mail asks for the current password, names alone do not", async ({ page }) => {
  await signIn(page, server.url);
  await open(page, `${server.url}/profile`);
  await expect(page.getByLabel("Current Password")).toHaveCount(0);
  const change = async (email: string) => {
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Enter your current password to change your email")).toBeVisible();
    await page.getByLabel("Current Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toast(page, "Your profile information has been updated successfully.")).toBeVisible();
    await expect(page.getByLabel("Current Password")).toHaveCount(0);
  };
  await change("moved-admin@example.com");
  await change(ADMIN.email); // back, for the other tests of this file
});

test("404 – unknown pages show the not-found screen", async ({ page }) => {
  const res = await page.goto(`${server.url}/definitely/not/here`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
