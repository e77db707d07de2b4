import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

const GRETA = { email: "greta@example.com", password: "greta-password-1" };

let server: TestServer;
let ticketId = "";
test.beforeAll(async ({ playwright }) => {
  server = await startServer(PORTAL_ENV);
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { Origin: server.url } });
  expect((await admin.post(`${server.url}/api/login`, { data: ADMIN })).status()).toBe(200);
  const created = await admin.post(`${server.url}/api/admin/users`, {
    data: { ...GRETA, role: "staff", firstName: "Greta", lastName: "Gross", canViewAllTickets: true },
  });
  expect(created.status()).toBe(201);
  ticketId = (await createTicket(admin, server.url)).ticketId;
  const greta = await playwright.request.newContext({ extraHTTPHeaders: { Origin: server.url } });
  expect((await greta.post(`${server.url}/api/login`, { data: GRETA })).status()).toBe(200);
  expect((await greta.put(`${server.url}/api/auth/language`, { data: { language: "de" } })).status()).toBe(
    200,
  );
  await admin.dispose();
  await greta.dispose();
});
test.afterAll(async () => server.stop());

const seriousAxe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);

test("an agent whose Profile language is German gets the staff pages' frame in German", async ({ page }) => {
  await signIn(page, server.url, GRETA);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByText("Willkommen zurück, Greta")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Seiten für Mitarbeitende" })).toContainText("Berichte");
  await expect(page.getByRole("button", { name: "Benachrichtigungen" })).toBeVisible();
  await page.getByRole("button", { name: "Kontomenü" }).click();
  await expect(page.getByRole("menuitem", { name: "Abmelden" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tab", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Liste" }).click();
  await expect(page.getByLabel("Sortieren nach")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Beschreibung" })).toBeVisible();
  await expect(
    page.getByRole("table").getByRole("button", { name: `Ticket ${ticketId} ansehen` }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "CSV exportieren" })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);

  await open(page, `${server.url}/admin/tickets/${ticketId}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle(`Ticket ${ticketId} – Helpdesk`);
  await expect(page.getByRole("button", { name: "Kontomenü" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zur Warteschlange" })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);

  await open(page, `${server.url}/admin/reports`);
  await expect(page).toHaveTitle("Berichte – Helpdesk");
});
