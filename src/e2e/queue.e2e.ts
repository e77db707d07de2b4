import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, signIn, startServer, toast, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
const made: { id: number; ticketId: string }[] = [];
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  for (let i = 0; i < 130; i += 10)
    made.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          createTicket(request, server.url, { description: `Queue ticket number ${i + j + 1}` }),
        ),
      )),
    );
});
test.afterAll(async () => server.stop());
// 130 tickets on a shared machine: the pages take their time
test.describe.configure({ mode: "serial", timeout: 180_000 });

const rows = (page: Page) => page.locator("[data-ticket-row]");
const seriousIssues = async (page: Page, only?: string) =>
  (await (only ? new AxeBuilder({ page }).include(only) : new AxeBuilder({ page })).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("paging – Load more reaches every ticket in the List and in a Kanban column", async ({ page }) => {
  await signIn(page, server.url);
  const open = page.locator('[data-column="open"]');
  await expect(open.locator(".kanban-card")).toHaveCount(100);
  await expect(open.getByRole("heading")).toContainText("130");
  await open.getByRole("button", { name: "Load more Open" }).click();
  await expect(open.locator(".kanban-card")).toHaveCount(130);
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(rows(page)).toHaveCount(100);
  await expect(page.getByTestId("ticket-total")).toHaveText("(showing 100 of 130)");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows(page)).toHaveCount(130);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("links – a pasted ticket URL opens its dialog; unknown ids are the 404 page; signed out asks to log in", async ({
  page,
}) => {
  const t = made[4]!;
  const signedOut = await page.request.get(`${server.url}/admin/tickets/${t.ticketId}`);
  expect(signedOut.status()).toBe(200);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
  const dialog = page.getByRole("dialog");
  // a lookup, the dialog's own code and the ticket, one after another, on a machine busy with other tests
  await expect(dialog.getByText("Queue ticket number 5", { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(new URL(page.url()).pathname).toBe("/admin");
  expect(new URL(page.url()).search).toBe("?view=list");
  await page.goBack();
  await expect(page.getByRole("dialog").getByText("Queue ticket number 5", { exact: true })).toBeVisible();
  await open(page, `${server.url}/admin?view=list&ticket=WI-1999-999`);
  await expect(toast(page, "Failed to fetch ticket")).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/admin?view=list`);
  const missing = await page.goto(`${server.url}/admin/tickets/WI-1999-999`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
});

test("state – filters, view and sort survive a reload and back/forward walks through them", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("button", { name: "List", exact: true }).click();
  await page.getByLabel("Sort by").selectOption("created");
  await page.getByLabel("Sort order").selectOption("asc");
  await expect(rows(page).first()).toContainText(made[0]!.ticketId);
  await page.getByRole("button", { name: "Search & Filters" }).click();
  await page.getByLabel("Search", { exact: true }).fill("Queue ticket number 130");
  await expect(rows(page)).toHaveCount(1);
  expect(page.url()).toContain("search=Queue+ticket+number+130");
  await page.reload();
  await page.waitForSelector("body[data-hydrated]");
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goBack(); // before the search: ascending order, all tickets
  await expect(rows(page)).toHaveCount(100);
  await expect(rows(page).first()).toContainText(made[0]!.ticketId);
  await page.goBack(); // before the order change
  await expect(page.getByLabel("Sort order")).toHaveValue("desc");
  await page.goForward();
  await expect(page.getByLabel("Sort order")).toHaveValue("asc");
});

test("selection – 30 tickets assigned at once with a shift-click range, one toast with the count", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(rows(page)).toHaveCount(100);
  await rows(page).nth(0).getByRole("checkbox").click();
  await rows(page)
    .nth(29)
    .getByRole("checkbox")
    .click({ modifiers: ["Shift"] });
  await expect(page.getByText("30 selected")).toBeVisible();
  await page.getByLabel("Assign to", { exact: true }).selectOption({ index: 2 });
  await expect(toast(page, "Updated 30 tickets")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("0 selected")).toBeVisible();
  await open(page, `${server.url}/admin?view=list&assignedTo=me`);
  await expect(page.getByTestId("ticket-total")).toHaveText("(30)");
});

test("views – quick views count, a saved view keeps filters and mode, can be renamed and deleted", async ({
  page,
}) => {
  await signIn(page, server.url);
  const views = page.getByRole("navigation", { name: "Views" });
  await expect(views.getByRole("button", { name: /^My tickets/ })).toContainText("30");
  await expect(views.getByRole("button", { name: /^Unassigned/ })).toContainText("100");
  await views.getByRole("button", { name: /^My tickets/ }).click();
  await expect(page.getByTestId("ticket-total")).toHaveText("(30)");
  await page.getByRole("button", { name: "Grid", exact: true }).click();
  await views.getByRole("button", { name: "Save view" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Mine as cards");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "View saved")).toBeVisible();
  await open(page, `${server.url}/admin`);
  await views.getByRole("button", { name: /^Mine as cards/ }).click();
  await expect(page.getByRole("button", { name: "Grid", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.locator("[data-ticket-id]")).toHaveCount(30);
  await views.getByRole("button", { name: "Manage views" }).click();
  const name = page.getByLabel("Name of view Mine as cards");
  await name.fill("Mine");
  await name.press("Enter");
  const manage = page.getByRole("dialog", { name: "Manage views" });
  await manage.getByRole("button", { name: "Close" }).click();
  await expect(views.getByRole("button", { name: /^Mine\s*30/ })).toBeVisible();
  await views.getByRole("button", { name: "Manage views" }).click();
  await manage.getByRole("button", { name: "Delete view Mine" }).click();
  await manage.getByRole("button", { name: "Close" }).click();
  await expect(views.getByRole("button", { name: /^Mine\s*30/ })).toHaveCount(0);
});

test("export – the CSV has the filtered tickets and reads back", async ({ page }) => {
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&assignedTo=me`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = readFileSync(await (await download).path(), "utf8");
  const lines = file
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(31); // header + 30
  expect(lines.slice(1).every((l) => l.includes("Queue ticket number"))).toBe(true);
});

test("keyboard – / searches, j/k move, o opens, Esc closes, a assigns to me, ? lists the keys", async ({
  page,
}) => {
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&assignedTo=none&sort=created&order=asc`);
  await expect(rows(page)).toHaveCount(100);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  const first = rows(page).first();
  await expect(first).toHaveAttribute("data-active", "true");
  await page.keyboard.press("o");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const id = (await first.getAttribute("data-ticket-row"))!;
  await page.keyboard.press("a");
  await expect(toast(page, "Ticket assigned successfully")).toBeVisible();
  await expect(page.locator(`[data-ticket-row="${id}"]`)).toHaveCount(0); // no longer unassigned
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search", { exact: true })).toBeFocused();
  await page.keyboard.type("jk?");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("jk?");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("layout – list at 1280 and 360 px: ids on one line, no page overflow, no serious axe issue", async ({
  page,
}) => {
  test.setTimeout(360_000); // four axe runs over a 100-row table
  await signIn(page, server.url);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${server.url}/admin?view=list`);
    await expect(rows(page)).toHaveCount(100);
    const idCell = rows(page).first().locator("td.font-mono");
    // one line box for the whole id: a wrapped id has one per line
    const lines = await idCell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousIssues(page)).toEqual([]);
    await page.getByRole("button", { name: "Compact" }).click();
    // the rest of the page is as checked above; only the list changes with the density
    expect(await seriousIssues(page, "table")).toEqual([]);
    await page.screenshot({ path: `test-results/queue-list-${width}.png`, fullPage: false });
  }
});
