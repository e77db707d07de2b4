import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer(PORTAL_ENV);
});
test.afterAll(async () => server.stop());

test("reports – the tags filter keeps tickets carrying any of the tags; Copy as CSV puts a figure's table on the clipboard", async ({
  page,
  context,
}) => {
  await signIn(page, server.url);
  const tags = [["vip"], ["printer"], ["desk"], []];
  for (const t of tags) {
    const { id } = await createTicket(page.request, server.url);
    const res = await page.request.put(`${server.url}/api/admin/tickets/${id}`, { data: { tags: t } });
    expect(res.status()).toBe(200);
  }
  await page.goto(`${server.url}/admin/reports`);
  await page.waitForSelector("body[data-hydrated]");
  const volume = page.getByRole("table", { name: /Tickets created and resolved per period/ });
  const today = volume.locator("tbody tr").last();
  await expect(today.locator("td").first()).toHaveText("4");

  const filter = page.getByLabel("Tags (any of)");
  await filter.fill("vip, printer");
  await filter.press("Enter");
  await expect(today.locator("td").first()).toHaveText("2");
  const top = page.getByRole("table", { name: "Companies with the most tickets" });
  await expect(top.locator("tbody tr").first().locator("td")).toHaveText(["2"]);

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await page.getByRole("button", { name: "Copy as CSV of Created and resolved" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied to the clipboard" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.trim().split(/\r?\n/);
  expect(lines[0]).toBe("period,created,resolved,open backlog");
  expect(lines.at(-1)).toMatch(/,2,0,2$/);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
});
