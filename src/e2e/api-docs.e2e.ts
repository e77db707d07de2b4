import { expect, test } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer()));
test.afterAll(async () => server.stop());

test("api reference – signed out, the browser is sent to sign in", async ({ page }) => {
  await page.goto(`${server.url}/api/docs`);
  await page.waitForURL(`${server.url}/login`);
});

test("api reference – renders the API from this site alone, with no CSP or console errors", async ({
  page,
}) => {
  test.setTimeout(120_000); // a large bundle to parse on a busy small box
  await signIn(page, server.url);
  // The dashboard's own calls (its weather answers 503 offline) may still be in flight; leaving for a blank
  // page ends that document, so only the reference page's own messages and requests are watched below.
  await page.goto("about:blank");
  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || /Content.Security.Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== server.url) elsewhere.push(r.url());
  });
  await page.goto(`${server.url}/api/docs`);
  await expect(page.getByRole("heading", { name: "Helpdesk API" }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("body")).toContainText("/api/auth/sessions/{id}", { timeout: 30_000 });
  await expect(page.locator("body")).toContainText("Saved views");
  await expect(page.getByText("Generate MCP")).toHaveCount(0);
  await page.waitForTimeout(1000); // late requests (fonts, telemetry) would show up here
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
