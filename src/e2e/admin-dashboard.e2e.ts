import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, open, signIn, startServer, toast, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial" });

const column = (page: Page, status: string) => page.locator(`[data-column="${status}"]`);
const seriousIssues = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);

test("dashboard – every section shows with its texts and no serious accessibility issue", async ({
  page,
}) => {
  test.setTimeout(180_000); // axe over the whole dashboard takes most of a minute on a loaded machine
  await createTicket(page.request, server.url, {
    ticketType: "Licensing",
    priority: "urgent",
    description: "Need a licence for the design tool.",
  });
  await signIn(page, server.url);
  for (const text of [
    "Admin Dashboard",
    "Ticket Overview",
    "Total Tickets",
    "Priority Overview",
    "Search & Filters",
  ])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /^All Tickets/ })).toBeVisible();
  await expect(page.getByText("Active ticket(s)").first()).toBeVisible();
  await expect(page.getByText("Licensing").first()).toBeVisible();
  await expect(page.getByText("1 (100.0%)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Kanban" })).toHaveAttribute("aria-pressed", "true");
  await expect(column(page, "completed").getByText("No tickets")).toBeVisible();
  await expect(page.getByLabel("Search", { exact: true })).toBeHidden(); // collapsed by default
  expect(await seriousIssues(page)).toEqual([]);
  await page
    .getByTestId("greeting-card")
    .getByRole("button", { name: /^View ticket/ })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText("Need a licence for the design tool.")).toBeVisible();
});

test("dashboard – a click on an overview card or a type row filters the tickets", async ({ page }) => {
  await createTicket(page.request, server.url, {
    ticketType: "Supplies",
    description: "Out of printer paper on floor three.",
  });
  await signIn(page, server.url);
  await expect(page.getByTestId("stat-all")).toHaveText("2");
  await page.getByRole("button", { name: /^Burnt/ }).click();
  await expect(page.getByText("No tickets")).toHaveCount(5); // every column but Burnt's, Waiting on requester's too
  await page.getByRole("button", { name: /^Total Tickets/ }).click();
  await page.getByRole("button", { name: /^Supplies/ }).click();
  await expect(page.locator("[data-ticket-id]")).toHaveCount(1);
  await expect(page.getByText("Out of printer paper on floor three.")).toBeVisible();
  await page.getByRole("button", { name: "Search & Filters" }).click();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("Supplies");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("open");
});

test("kanban – dragging a card from Open to In Progress changes its status and survives a reload", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { description: "Drag me to in progress please." });
  await signIn(page, server.url);
  const card = column(page, "open").locator(`[data-id="${t.id}"]`);
  await card.dragTo(column(page, "in_progress").locator("[data-status]").first());
  await expect(toast(page, "Ticket status updated successfully")).toBeVisible();
  await expect(column(page, "in_progress").locator(`[data-id="${t.id}"]`)).toBeVisible();
  await open(page, `${server.url}/admin`);
  await expect(column(page, "in_progress").locator(`[data-id="${t.id}"]`)).toBeVisible();
  await column(page, "in_progress").getByLabel(`Move ticket ${t.ticketId} to`).selectOption("completed");
  await expect(column(page, "completed").locator(`[data-id="${t.id}"]`)).toBeVisible();
});

test("list – the status select changes a ticket's status", async ({ page }) => {
  const t = await createTicket(page.request, server.url, { description: "Change me from the list view." });
  await signIn(page, server.url);
  await page.getByRole("button", { name: "List" }).click();
  await page.getByLabel(`Status of ${t.ticketId}`).selectOption("burnt");
  await expect(toast(page, "Ticket status updated successfully")).toBeVisible();
  await page.reload();
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByLabel(`Status of ${t.ticketId}`)).toHaveValue("burnt");
});

test("detail dialog – ArrowDown on the status select saves nothing until Enter confirms it", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { description: "Browse my statuses." });
  const writes: string[] = [];
  page.on("request", (r) => r.method() === "PUT" && writes.push(r.url()));
  await signIn(page, server.url);
  await page
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  const status = page.getByRole("dialog").getByLabel("Status", { exact: true });
  await expect(status).toHaveValue("open");
  await status.focus();
  await page.keyboard.press("ArrowDown");
  await expect(status).not.toHaveValue("open");
  const browsed = await status.inputValue();
  // a save would have left by now; nothing may have been sent while browsing
  await page.waitForTimeout(1000);
  expect(writes).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(toast(page, "Ticket status updated successfully")).toBeVisible();
  expect(writes).toEqual([expect.stringMatching(/\/status$/)]);
  const saved = await page.request.get(writes[0]!.replace(/\/status$/, ""));
  expect((await saved.json()).status).toBe(browsed);
  // back to open, so the board the later tests drag on looks as it did before
  await page.request.put(writes[0]!, { data: { status: "open" } });
});

test("detail dialog – internal note, upload, assign, priority, then delete with a wrong and the right password", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { description: "Open the detail dialog for me." });
  await signIn(page, server.url);
  await page
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Open the detail dialog for me.")).toBeVisible();
  // One thread, two different actions: an internal note stays inside, a reply goes to the requester.
  const thread = dialog.getByTestId("detail-notes");
  await dialog.getByRole("radio", { name: "Internal note" }).click();
  await dialog.getByLabel("Internal note", { exact: true }).fill("Called the user back");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    thread.getByRole("listitem").filter({ hasText: "Called the user back" }).getByText("Internal"),
  ).toBeVisible();
  await dialog.getByRole("radio", { name: "Reply" }).click();
  await dialog.getByLabel("Reply to requester").fill("Please restart and tell us.");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toast(page, "Reply sent to the requester")).toBeVisible();
  await expect(
    thread.getByRole("listitem").filter({ hasText: "Please restart" }).getByText("Staff"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Reset link" }).click();
  await dialog.getByRole("button", { name: "Reset and send" }).click();
  await expect(toast(page, "A new link was sent to the requester")).toBeVisible();
  await dialog
    .getByLabel("Upload File")
    .setInputFiles({ name: "steps.txt", mimeType: "text/plain", buffer: Buffer.from("1. restart\n") });
  await expect(dialog.getByText("steps.txt")).toBeVisible();
  await dialog.getByLabel("Assign To").selectOption({ index: 1 });
  await expect(toast(page, "Ticket assigned successfully")).toBeVisible();
  await dialog.getByLabel("Priority").selectOption("urgent");
  await expect(dialog.getByLabel("Priority")).toHaveValue("urgent");
  expect(await seriousIssues(page)).toEqual([]);
  await page.screenshot({ path: "test-results/admin-detail-dialog.png" });
  await dialog.getByRole("button", { name: "Delete Ticket" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Ticket" });
  await confirm.getByLabel("Password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Delete Ticket" }).click();
  await expect(toast(page, "Incorrect Password")).toBeVisible();
  await confirm.getByLabel("Password").fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Delete Ticket" }).click();
  await expect(toast(page, "Ticket deleted successfully")).toBeVisible();
  await expect(page.locator(`[data-id="${t.id}"]`)).toHaveCount(0);
});

test("dashboard – usable at 768 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1000 });
  await signIn(page, server.url);
  await expect(page.getByRole("heading", { name: /^All Tickets/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/admin-768.png", fullPage: true });
});

test("kanban – a drag after the session ended says so and goes to the login", async ({ page }) => {
  const t = await createTicket(page.request, server.url, { description: "Dragged after the session ended." });
  // The toast lives for 0.5 s before the redirect, which any polling assertion can miss
  // on a loaded machine: the page itself reports every toast text the moment it is added.
  const toasts: string[] = [];
  await page.exposeFunction("reportToast", (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportToast: (t: string) => void }).reportToast;
    new MutationObserver(() =>
      document.querySelectorAll("ol > li").forEach((li) => {
        report(li.textContent ?? "");
      }),
    ).observe(document, { subtree: true, childList: true });
  });
  await signIn(page, server.url);
  await page.context().clearCookies();
  const card = column(page, "open").locator(`[data-id="${t.id}"]`);
  await card.dragTo(column(page, "in_progress").locator("[data-status]").first());
  await page.waitForURL(`${server.url}/login`); // the same login page as every other staff write
  expect(toasts.some((text) => text.includes("You are logged out. Logging in again..."))).toBe(true);
});

test("filters – the custom end date cannot be before the start", async ({ page }) => {
  await signIn(page, server.url);
  await page.getByRole("button", { name: "Search & Filters" }).click();
  await page.getByLabel("Date", { exact: true }).selectOption("custom");
  await page.getByLabel("Start Date").fill("2026-11-10");
  await expect(page.getByLabel("End Date")).toHaveAttribute("min", "2026-11-10");
  await page.getByLabel("Search", { exact: true }).fill("Dragged after");
  await expect(page.locator("[data-ticket-id]")).toHaveCount(1); // a custom range applies once both days are picked
  await page.getByLabel("End Date").fill("2026-11-11");
  await expect(page.locator("[data-ticket-id]")).toHaveCount(0);
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
  await page.getByLabel("End Date").fill(today);
  await expect(page.locator("[data-ticket-id]")).toHaveCount(1);
});

test("dashboard – usable on a 360 px phone, the detail dialog included", async ({ page }) => {
  const t = await createTicket(page.request, server.url, {
    description: "Looked at on a small phone screen.",
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, server.url);
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText("Looked at on a small phone screen.")).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/h2-pw/admin-360-dialog.png" });
});
