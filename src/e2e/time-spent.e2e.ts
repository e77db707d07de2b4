import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer(PORTAL_ENV);
});
test.afterAll(async () => server.stop());
test.describe.configure({ timeout: 120_000 });

test("time spent – the ticket timer runs by keyboard, survives a reload, fills the minutes sent, and Reports sum them", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { description: "Printer jams on every page" });
  await signIn(page, server.url);
  await page.clock.install();
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  const timer = page.getByRole("timer", { name: "Timer on this ticket" });
  await expect(timer).toHaveText("0:00:00");
  await page.getByRole("button", { name: "Start timer" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Pause timer" })).toBeFocused();
  await page.clock.fastForward("24:30");
  await expect(timer).toHaveText(/^0:24:3\d$/);
  const minutes = page.getByLabel("Time spent (minutes)");
  await expect(minutes).toHaveAttribute("placeholder", "25");

  // kept in this browser per ticket: a reload finds it still running
  await page.reload();
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.getByRole("button", { name: "Pause timer" })).toBeVisible();
  await expect(timer).toHaveText(/^0:2[4-9]:\d\d$/);
  await page.getByRole("button", { name: "Pause timer" }).click();
  const paused = await timer.textContent();
  await page.clock.fastForward("10:00");
  await expect(timer).toHaveText(paused!);
  await expect(page.getByRole("button", { name: "Resume timer" })).toBeVisible();
  const recorded = Number(await minutes.getAttribute("placeholder"));
  expect(recorded).toBeGreaterThanOrEqual(25);

  await page.getByRole("radio", { name: "Internal note" }).click();
  await page.getByLabel("Internal note", { exact: true }).fill("Cleared the paper path");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("time-spent-total")).toHaveText(`Total: 0h ${recorded}m`);
  await expect(timer).toHaveText("0:00:00");
  await expect(minutes).toHaveValue("");
  const spent = await page.request.get(`${server.url}/api/admin/tickets/${t.id}/time-spent`);
  expect(await spent.json()).toEqual({ minutes: recorded });
  // typed minutes win over an idle timer
  await minutes.fill("7");
  await page.getByLabel("Internal note", { exact: true }).fill("Ordered a new roller");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("time-spent-total")).toHaveText(`Total: 0h ${recorded + 7}m`);
  expect(
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);

  await open(page, `${server.url}/admin/reports`);
  const table = page.getByRole("table", { name: "Time spent on replies and notes" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr td")).toHaveText([`${recorded + 7} min`, "2"]);
  await page.getByLabel("Group time spent by").selectOption("byType");
  await expect(table.locator("thead th").first()).toHaveText("Type");
  await expect(table.locator("tbody th")).toHaveText(["IT"]);
});
