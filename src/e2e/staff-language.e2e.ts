import { expect, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer, toast } from "./server";
import { PORTAL_ENV } from "./portal-helpers";
import { axeAtBothWidths, germanAgentWithTicket, seriousAxe } from "./german-agent";

const GRETA = {
  email: "greta@example.com",
  password: "greta-password-1",
  firstName: "Greta",
  lastName: "Gross",
};

let server: TestServer;
let ticketId = "";
test.beforeAll(async ({ playwright }) => {
  server = await startServer(PORTAL_ENV);
  ticketId = await germanAgentWithTicket((o) => playwright.request.newContext(o), server.url, GRETA);
});
test.afterAll(async () => server.stop());

test.setTimeout(150_000); // many screens, each checked by axe at two widths, on a shared machine

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

test("the ticket page, Profile and Reports read in German for an agent whose Profile language is German", async ({
  page,
}) => {
  await signIn(page, server.url, GRETA);
  await open(page, `${server.url}/admin/tickets/${ticketId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Ticket ${ticketId}` })).toBeVisible();
  const side = page.getByRole("complementary", { name: "Ticketdetails" });
  await expect(side.getByLabel("Zuweisen an")).toHaveValue("");
  await expect(side.getByLabel("Abteilung")).toBeVisible();
  await expect(side.getByRole("heading", { name: "Verknüpfte Tickets" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Verlauf" })).toContainText("Noch keine Nachrichten");
  const composer = page.getByRole("region", { name: "Im Ticket schreiben" });
  await composer.getByRole("radio", { name: "Interne Notiz" }).click();
  await expect(composer.getByText("Nur für Mitarbeitende sichtbar.")).toBeVisible();
  await composer.getByLabel("Interne Notiz", { exact: true }).fill("Rückruf morgen früh");
  await composer.getByRole("button", { name: "Senden", exact: true }).click();
  await expect(toast(page, "Notiz hinzugefügt")).toBeVisible();
  await expect(page.getByRole("region", { name: "Verlauf" }).getByText("Rückruf morgen früh")).toBeVisible();
  // a refusal from the server reads in German too
  await side.getByLabel("Zusammenführen mit Ticket").fill(ticketId);
  await side.getByRole("button", { name: "Zusammenführen", exact: true }).click();
  await expect(toast(page, "Ein Ticket kann nicht mit sich selbst zusammengeführt werden")).toBeVisible();
  await axeAtBothWidths(page);

  await open(page, `${server.url}/profile`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "← Zurück zum Dashboard" })).toBeVisible();
  await expect(page.getByText("Rolle: Mitarbeiter (Eingeschränkter Zugriff)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Profil aktualisieren" })).toBeVisible();
  await page.getByRole("tab", { name: "Passwort ändern" }).click();
  await page.getByLabel("Aktuelles Passwort").fill(GRETA.password);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("ein-neues-passwort");
  await page.getByLabel("Neues Passwort bestätigen").fill("ein-anderes-passwort");
  await page.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(page.getByText("Die neuen Passwörter stimmen nicht überein")).toBeVisible();
  await page.getByRole("tab", { name: "Benachrichtigungen" }).click();
  await expect(page.getByRole("columnheader", { name: "Benachrichtigen, wenn" })).toBeVisible();
  await expect(page.getByLabel("Mir wird ein Ticket zugewiesen: per E-Mail")).toBeVisible();
  await axeAtBothWidths(page);
  await page.getByRole("tab", { name: "Sitzungen" }).click();
  await expect(page.getByRole("list", { name: "Angemeldete Sitzungen" })).toContainText("(dieses Gerät)");
  await axeAtBothWidths(page);

  await open(page, `${server.url}/admin/reports`);
  await expect(page.getByRole("heading", { level: 1, name: "Berichte" })).toBeVisible();
  await expect(page.getByLabel("Zeitraum", { exact: true })).toHaveValue("30");
  await expect(page.getByLabel("Zeitraum", { exact: true }).locator("option:checked")).toHaveText(
    "Letzte 30 Tage",
  );
  await expect(page.getByRole("heading", { name: "Erstellt und gelöst" })).toBeVisible();
  await expect(page.getByRole("link", { name: "CSV herunterladen – Erstellt und gelöst" })).toBeVisible();
  await expect(
    page.getByRole("table", {
      name: "Erstellte und gelöste Tickets pro Zeitraum und der offene Rückstand an dessen Ende",
    }),
  ).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Mo", exact: true })).toBeVisible();
  await axeAtBothWidths(page);
});
