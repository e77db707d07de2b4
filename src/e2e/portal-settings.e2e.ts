import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, signIn, startServer, type TestServer } from "./server";
import { PORTAL_ENV, createTicket, track } from "./portal-helpers";

let server: TestServer;
let oldTicketId = "";
test.beforeAll(async () => (server = await startServer(PORTAL_ENV)));
test.afterAll(async () => server.stop());

const openPortalSettings = async (page: import("@playwright/test").Page) => {
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Portal" }).click();
};

test("settings – the first admin page proposes its own address; Portal settings at 1280 and 390 px pass axe", async ({
  page,
  request,
}) => {
  oldTicketId = (await createTicket(request, server.url)).ticketId;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url);
  const banner = page.getByTestId("public-address-banner");
  await expect(banner).toContainText("E-mails with links are held");
  await banner.getByRole("button", { name: `Use ${server.url}` }).click();
  await expect(banner).toBeHidden();
  await openPortalSettings(page);
  await expect(page.getByLabel("The address people open the help desk at")).toHaveValue(server.url);
  await page.getByLabel("Default country").selectOption("SE");
  await expect(page.getByLabel("Default country")).toHaveValue("SE");
  const ids = page.getByTestId("id-prefix");
  await ids.getByLabel("Prefix of new ticket IDs").fill("hd");
  await ids.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("New tickets now start with HD-").first()).toBeVisible();
  await page.screenshot({ path: "test-results/settings-portal-1280.png", fullPage: true });
  const wide = await new AxeBuilder({ page }).include("main").analyze();
  expect(wide.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/settings-portal-390.png", fullPage: true });
  const narrow = await new AxeBuilder({ page }).include("main").analyze();
  expect(narrow.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test("portal – a Swedish number is formatted as typed and found by a search written another way", async ({
  page,
}) => {
  // the default country was set to Sweden by the test before
  await open(page, server.url);
  const phone = page.getByLabel("Phone Number");
  await phone.pressSequentially("0812345678");
  await expect(phone).toHaveValue("08-123 456 78");
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Lee");
  await page.getByLabel("Email Address").fill("sam.lee@example.com");
  await page.getByLabel("Department").selectOption("Finance");
  await page.locator("label", { hasText: "Licensing" }).click();
  await page.getByLabel("Description of Request").fill("Need two more licences for the accounting tool.");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  const confirmation = page.getByTestId("confirmation-ticket-id");
  await expect(confirmation).toHaveText(/^HD-\d{4}-\d{3}$/);
  const ticketId = (await confirmation.textContent())!;

  await page.getByRole("tab", { name: "Track Your Tickets" }).click();
  await page.getByLabel("Search by").selectOption({ label: "Phone Number" });
  const query = page.getByLabel("Phone Number", { exact: true });
  await query.pressSequentially("+46812345678");
  await expect(query).toHaveValue("+46 8 123 456 78");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("ticket-detail").getByRole("heading", { name: ticketId })).toBeVisible();
  // a ticket made under the old prefix still opens by its number
  await open(page, server.url);
  await track(page, "Ticket ID", oldTicketId);
  await expect(page.getByTestId("ticket-detail").getByRole("heading", { name: oldTicketId })).toBeVisible();
});
