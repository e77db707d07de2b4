import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { open, signIn, startServer, toast, type TestServer } from "./server";
import { fillTicketForm, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
let danaId = 0;
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("an admin builds 'type is Supplies → assign Dana, add a note'; a Supplies ticket from the portal arrives assigned", async ({
  page,
}) => {
  await signIn(page, server.url);
  const post = (path: string, data: unknown) =>
    page.request.post(`${server.url}${path}`, { headers: { Origin: server.url }, data });
  const dana = await post("/api/admin/users", {
    email: "dana@example.com",
    firstName: "Dana",
    lastName: "Reed",
    password: "dana-password",
  });
  expect(dana.status()).toBe(201);
  danaId = ((await dana.json()) as { id: number }).id;
  await open(page, `${server.url}/admin`); // the assignee list as it now stands

  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Automation" }).click();
  const panel = page.getByTestId("automation-settings");
  await panel.getByRole("button", { name: "New rule" }).click();
  await panel.getByLabel("Rule name").fill("Supplies to Dana");
  await panel.getByRole("button", { name: "Add condition" }).click();
  await panel.getByLabel("Condition 1 field").selectOption("ticketType");
  await panel.getByLabel("Condition 1 value").fill("Supplies");
  await panel.getByLabel("Action 1", { exact: true }).selectOption("set_assignee");
  await panel.getByLabel("Action 1 value").selectOption(String(danaId));
  await panel.getByRole("button", { name: "Add action" }).click();
  await panel.getByLabel("Action 2 text").fill("Routed to Dana by rule");
  await panel.getByRole("button", { name: "Dry run" }).click();
  await expect(panel.getByRole("status")).toContainText("Would match 0 of the last");
  const axe = await new AxeBuilder({ page }).include("[data-testid=automation-settings]").analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  await page.screenshot({ path: "test-results/automation-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/automation-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole("button", { name: "Save rule" }).click();
  await expect(toast(page, "Rule Supplies to Dana saved")).toBeVisible();
  await expect(panel.getByText("Supplies to Dana")).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await open(visitor, server.url);
  await fillTicketForm(visitor);
  await visitor.locator("label", { hasText: "Supplies" }).click();
  await visitor.getByRole("button", { name: "Submit Ticket" }).click();
  const ticketId = (await visitor.getByTestId("confirmation-ticket-id").textContent())!.trim();
  await visitor.close();

  await open(page, `${server.url}/admin?ticket=${ticketId}&view=list`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Assign To")).toHaveValue(String(danaId));
  await expect(dialog.getByText("Routed to Dana by rule")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Automation" }).click();
  await panel.getByRole("button", { name: "Runs" }).click();
  await expect(panel.getByRole("list", { name: "Last runs" })).toContainText(ticketId);
});
