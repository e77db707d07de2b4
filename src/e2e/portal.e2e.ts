import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, startServer, toast, type TestServer } from "./server";
import { PORTAL_ENV, fillTicketForm } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());
const year = new Date().getFullYear();

test("submit – two files, confirmation, copy, then 'Search This Ticket' shows the ticket", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, server.url);
  await fillTicketForm(page);
  await expect(page.getByLabel("Phone Number")).toHaveValue("555-987-6543");
  await page.getByLabel("Attachments").setInputFiles([
    { name: "error.txt", mimeType: "text/plain", buffer: Buffer.from("Error 42 on start") },
    { name: "screen.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF") },
  ]);
  await expect(page.getByRole("list", { name: "Selected files" }).getByRole("listitem")).toHaveCount(2);
  await page.route("**/api/tickets", async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  const id = page.getByTestId("confirmation-ticket-id");
  await expect(id).toHaveText(new RegExp(`^WI-${year}-\\d{3}$`));
  const ticketId = (await id.textContent())!;
  await expect(toast(page, `Ticket ${ticketId} submitted successfully with 2 attachment(s)`)).toBeVisible();

  await page.getByRole("button", { name: "Copy ticket ID" }).click();
  await expect(toast(page, "Ticket ID copied to clipboard")).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Ticket ID copied" }).locator("[data-icon=check]"),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ticketId);
  await expect(page.getByRole("button", { name: "Copy ticket ID" }).locator("[data-icon=copy]")).toBeVisible({
    timeout: 3000,
  });

  await page.getByRole("button", { name: "Search This Ticket" }).click();
  await expect(page.getByRole("tab", { name: "Track Your Tickets" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const detail = page.getByTestId("ticket-detail");
  await expect(detail.getByRole("heading", { name: ticketId })).toBeVisible();
  await expect(detail.getByText("Sam Lee")).toBeVisible();
  await expect(detail.getByText("s•••@example.com")).toBeVisible();
  await expect(detail.getByText("Ticket Created")).toBeVisible();
  await expect(detail.getByText("error.txt")).toBeVisible();
  await expect(detail.getByText("screen.pdf")).toBeVisible();
});

test("submit – 'Submit Another Ticket' returns to an empty form", async ({ page }) => {
  await open(page, server.url);
  await fillTicketForm(page);
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await page.getByRole("button", { name: "Submit Another Ticket" }).click();
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Submit Ticket" })).toBeVisible();
});

test("submit – missing fields show their messages and nothing is sent", async ({ page }) => {
  await open(page, server.url);
  const sent: string[] = [];
  page.on("request", (r) => r.method() === "POST" && sent.push(r.url()));
  await page.getByLabel("Phone Number").pressSequentially("555123");
  await page.getByLabel("Description of Request").fill("short");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  for (const text of [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Phone number must be in the format XXX-XXX-XXXX",
    "Department is required",
    "Ticket type is required",
    "Description must be at least 10 characters",
  ])
    await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByLabel("First Name")).toBeFocused();
  expect(sent).toEqual([]);
});

test("submit – a file over 10MB is refused before sending, naming the file", async ({ page }) => {
  await open(page, server.url);
  await page.getByLabel("Attachments").setInputFiles({
    name: "huge.zip",
    mimeType: "application/zip",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(toast(page, "File too large")).toBeVisible();
  await expect(toast(page, "huge.zip is larger than 10MB and cannot be uploaded.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Selected files" })).toHaveCount(0);
});

test("portal – the form is in the server's HTML, before any script runs", async ({ request }) => {
  const html = await (await request.get(server.url)).text();
  for (const text of [
    "Admin Login",
    "Submit New Ticket",
    "First Name",
    "Description of Request",
    "Submit Ticket",
    "Our team responds within",
    "Main Office",
  ])
    expect(html).toContain(text);
});

test("portal – usable at 360 px: short tab labels and no sideways scrolling", async ({ page }, info) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await open(page, server.url);
  await expect(page.getByRole("tab", { name: "Submit", exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Track", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  const path = info.outputPath("portal-360.png");
  await page.screenshot({ path, fullPage: true });
  await info.attach("portal at 360px", { path, contentType: "image/png" });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > 361)
      .map((el) => el.tagName),
  }));
  expect(widths).toEqual({ page: 360, wide: [] });
});

for (const tab of ["Submit New Ticket", "Track Your Tickets"])
  test(`accessibility – no serious or critical axe violations on '${tab}'`, async ({ page }) => {
    await open(page, server.url);
    await page.getByRole("tab", { name: tab }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(bad).toEqual([]);
  });
