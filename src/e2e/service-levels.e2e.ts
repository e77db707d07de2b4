import { execFileSync } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
let breached: { id: number; ticketId: string };
let soon: { id: number; ticketId: string };
const HOUR = 3_600_000;
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  breached = await createTicket(request, server.url, { description: "Printer on fire since yesterday" });
  soon = await createTicket(request, server.url, { description: "Toner running low this afternoon" });
  // Move the clocks as time would have: a second writer on the same database file (WAL allows it).
  const script = `import { Database } from "bun:sqlite";
    const db = new Database(process.argv[1]); db.exec("PRAGMA busy_timeout = 5000"); const now = Date.now();
    const set = db.query("UPDATE tickets SET first_response_due_at = ?, first_response_soon_at = ?, resolution_due_at = ?, resolution_soon_at = ? WHERE id = ?");
    set.run(now - 2 * ${HOUR}, now - 3 * ${HOUR}, now + 24 * ${HOUR}, now + 20 * ${HOUR}, ${breached.id});
    set.run(now + 30 * 60000 + 20000, now - 60000, now + 24 * ${HOUR}, now + 20 * ${HOUR}, ${soon.id});`;
  execFileSync(join(process.cwd(), "node_modules/.bin/bun"), [
    "-e",
    script,
    join(server.dataDir, "helpdesk.sqlite"),
  ]);
});
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("a breached ticket shows its badge in Kanban, List and Grid; Breaching soon lists the due-soon one", async ({
  page,
}) => {
  await signIn(page, server.url);
  const views = page.getByRole("group", { name: "View" });
  for (const view of ["Kanban", "List", "Grid"]) {
    await views.getByRole("button", { name: view }).click();
    const badge = page.locator(`[data-due="breached"]`).first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/^Breached 2 hours$/);
    await expect(page.locator(`[data-due="due_soon"]`).first()).toHaveText(/^Due in 30 minutes$/);
  }
  const bar = page.getByRole("navigation", { name: "Views" });
  await expect(bar.getByRole("button", { name: /^Breaching soon/ })).toContainText("1");
  await bar.getByRole("button", { name: /^Breaching soon/ }).click();
  await expect(page.getByTestId("ticket-total")).toHaveText("(1)");
  await expect(page.locator('[data-due="due_soon"]')).toHaveCount(1);
  await expect(page.locator('[data-due="breached"]')).toHaveCount(0);
});

test("the Due filter and the sort by due put breached and due-soon tickets in front", async ({ page }) => {
  await signIn(page, server.url);
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "List" }).click();
  await page.getByRole("button", { name: "Search & Filters" }).click();
  await page.getByLabel("Due", { exact: true }).selectOption("breached");
  await expect(page.getByTestId("ticket-total")).toHaveText("(1)");
  await expect(page.locator("[data-ticket-row]")).toHaveCount(1);
  await expect(page.locator("[data-ticket-row]").first()).toContainText(breached.ticketId);
  await page.getByLabel("Due", { exact: true }).selectOption("all");
  await page.getByLabel("Sort by").selectOption("due");
  await expect(page).toHaveURL(/sort=due/);
  await expect(page.getByLabel("Sort order")).toHaveValue("asc");
  const rows = page.locator("[data-ticket-row]");
  await expect(rows.nth(0)).toContainText(breached.ticketId);
  await expect(rows.nth(1)).toContainText(soon.ticketId);
});

const seriousIssues = async (page: Page) =>
  (await new AxeBuilder({ page }).include('[data-testid="hours-panel"]').analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);

test("Settings → Hours: a closed Friday, a holiday and a target are saved and kept; an overlap is refused with its reason", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Hours", exact: true }).click();
  const panel = page.getByTestId("hours-panel");
  await expect(panel.getByLabel("Monday opens")).toHaveValue("09:00");
  await panel.getByRole("button", { name: "Remove Friday 09:00–17:00" }).click();
  await expect(panel.getByTestId("hours-Friday")).toContainText("Closed");
  await panel.getByLabel("Holiday date").fill("2026-12-25");
  await panel.getByLabel("Holiday name").fill("Christmas Day");
  await panel.getByRole("button", { name: "Add holiday" }).click();
  await panel.getByLabel("Urgent first response (hours)").fill("0.5");
  await panel.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("Business hours saved").first()).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Hours", exact: true }).click();
  await expect(panel.getByTestId("hours-Friday")).toContainText("Closed");
  await expect(panel.getByText("Christmas Day")).toBeVisible();
  await expect(panel.getByLabel("Urgent first response (hours)")).toHaveValue("0.5");
  // a second Monday range inside the first counts minutes twice: the server says why it refuses
  await panel.getByRole("button", { name: "Add hours on Monday" }).click();
  await panel.getByRole("button", { name: "Save hours" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Opening ranges on one day must not overlap");
  await panel.getByRole("button", { name: "Discard changes" }).click();
  await expect(panel.getByRole("alert")).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousIssues(page)).toEqual([]);
    await page.screenshot({ path: `test-results/settings-hours-${width}.png`, fullPage: true });
  }
});
