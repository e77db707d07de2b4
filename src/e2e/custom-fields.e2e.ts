import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { open, signIn, startServer, toast, type TestServer } from "./server";
import { createTicket, fillTicketForm, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("an admin adds Seats (number, required for Licensing) in Settings → Fields", async ({ page }) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Fields", exact: true }).click();
  const panel = page.getByTestId("fields-settings");
  await panel.getByLabel("Label").fill("Seats");
  await panel.getByLabel("Key").fill("seats");
  await panel.getByLabel("Kind").selectOption("number");
  await panel.getByRole("checkbox", { name: "Licensing" }).check();
  await panel.getByRole("checkbox", { name: "Required" }).check();
  await panel.getByRole("button", { name: "Add field" }).click();
  await expect(toast(page, "Field Seats added")).toBeVisible();
  await expect(page.getByTestId("field-seats")).toContainText("Number · Licensing · required");
});

test("a visitor's Licensing request must fill Seats; an IT request never shows it", async ({ page }) => {
  await open(page, server.url);
  await fillTicketForm(page); // a Licensing request
  const seats = page.getByLabel("Seats");
  await expect(seats).toBeVisible();
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByText("Seats is required")).toBeVisible();
  await seats.fill("12");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(toast(page, "submitted successfully")).toBeVisible();
  await page.getByRole("button", { name: "Submit Another Ticket" }).click();
  await page.locator("label", { hasText: "IT" }).first().click();
  await expect(page.getByLabel("Seats")).toHaveCount(0);
});

test("staff filter the queue by Seats ≥ 10, keep it in the URL, and export it", async ({ page, request }) => {
  const few = await createTicket(request, server.url, {
    ticketType: "Licensing",
    customFields: { seats: 3 },
  });
  const many = await createTicket(request, server.url, {
    ticketType: "Licensing",
    customFields: { seats: 40 },
  });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list`);
  await page.getByRole("button", { name: "Search & Filters" }).click();
  await page.getByLabel("Custom Field").selectOption({ label: "Seats" });
  await page.getByLabel("Seats at least").fill("10");
  const rows = page.locator("[data-ticket-row]");
  await expect(rows).toHaveCount(2); // the visitor's 12 and the 40
  await expect(rows.filter({ hasText: many.ticketId })).toHaveCount(1);
  await expect(rows.filter({ hasText: few.ticketId })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("cf.seats.min")).toBe("10");
  // the link restores the filter
  await open(page, page.url());
  await expect(page.locator("[data-ticket-row]")).toHaveCount(2);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = readFileSync(await (await download).path(), "utf8");
  const lines = file
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]!.endsWith(",Seats")).toBe(true);
  expect(lines).toHaveLength(3);
  expect(lines.find((l) => l.startsWith(many.ticketId))?.endsWith(",40")).toBe(true);
});

test("staff see and edit the value in the ticket dialog", async ({ page, request }) => {
  const t = await createTicket(request, server.url, { ticketType: "Licensing", customFields: { seats: 7 } });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
  const fields = page.getByTestId("ticket-fields");
  await expect(fields).toContainText("Seats");
  await expect(fields).toContainText("7");
  await fields.getByRole("button", { name: "Edit fields" }).click();
  await fields.getByLabel("Seats").fill("9");
  await fields.getByRole("button", { name: "Save fields" }).click();
  await expect(toast(page, "Fields saved")).toBeVisible();
  await expect(fields).toContainText("9");
});

test("the List shows a chosen field as a column, and keeps the choice in this browser", async ({
  page,
  request,
}) => {
  const t = await createTicket(request, server.url, { ticketType: "Licensing", customFields: { seats: 77 } });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list`);
  const row = page.locator(`[data-ticket-row="${t.ticketId}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Seats" })).toHaveCount(0);
  await page.getByText("Field columns").click();
  await page.getByRole("checkbox", { name: "Seats" }).check();
  await expect(page.getByRole("columnheader", { name: "Seats" })).toBeVisible();
  await expect(row.locator('[data-field-column="seats"]')).toHaveText("77");
  await open(page, `${server.url}/admin?view=list`);
  await expect(page.locator(`[data-ticket-row="${t.ticketId}"] [data-field-column="seats"]`)).toHaveText(
    "77",
  );
});
