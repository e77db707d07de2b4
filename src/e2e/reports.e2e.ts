import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer(PORTAL_ENV);
});
test.afterAll(async () => server.stop());

test("reports – opened from the header, a range change redraws the figures and the chart's table reads them", async ({
  page,
  request,
}) => {
  const made = [];
  for (let i = 0; i < 3; i++)
    made.push(await createTicket(request, server.url, { department: i ? "IT" : "Finance" }));
  await signIn(page, server.url);
  const done = await page.request.put(`${server.url}/api/admin/tickets/${made[0]!.id}/status`, {
    data: { status: "completed" },
  });
  expect(done.status()).toBe(200);

  await page.getByRole("link", { name: "Reports" }).click();
  await page.waitForURL(`${server.url}/admin/reports`);
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const volume = page.getByRole("table", { name: /Tickets created and resolved per period/ });
  // the last 30 days by default: one row a day, today's last
  await expect(volume.locator("tbody tr")).toHaveCount(30);
  await page.getByLabel("Range", { exact: true }).selectOption("7");
  await expect(volume.locator("tbody tr")).toHaveCount(7);
  const today = volume.locator("tbody tr").last();
  await expect(today.locator("td")).toHaveText(["3", "1", "2"]);
  await expect(page.locator("[data-chart=created-resolved] canvas")).toHaveCount(1);

  // a filter narrows every figure
  await page.getByLabel("Department", { exact: true }).selectOption("IT");
  await expect(today.locator("td")).toHaveText(["2", "0", "2"]);
  const top = page.getByRole("table", { name: "Companies with the most tickets" });
  await expect(top.locator("tbody tr").first().locator("td")).toHaveText(["2"]);

  // answers and help articles beside the tickets: none yet in this range
  const articles = page.getByRole("table", { name: "Help articles" });
  await expect(articles.locator("tbody tr").first().locator("td")).toHaveText(["0"]);
  await expect(page.getByRole("table", { name: "Answers to 'How did we do?' by agent" })).toContainText(
    "All",
  );

  const csv = page.getByRole("link", { name: "Download CSV of Created and resolved" });
  expect(await csv.getAttribute("href")).toContain("format=csv");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`reports-${width}.png`), fullPage: true });
  }
});

test("reports – staff and admins see the Reports link; signed out, the page sends to sign in", async ({
  page,
}) => {
  const res = await page.request.get(`${server.url}/admin/reports`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/login");
  await open(page, `${server.url}/login`);
  await expect(page.getByRole("link", { name: "Reports" })).toHaveCount(0);
});
