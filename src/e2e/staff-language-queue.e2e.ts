import { expect, test } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";
import { PORTAL_ENV } from "./portal-helpers";
import { axeAtBothWidths, germanAgentWithTicket } from "./german-agent";

const JONAS = {
  email: "jonas@example.com",
  password: "jonas-password-1",
  firstName: "Jonas",
  lastName: "Keller",
};

let server: TestServer;
let ticketId = "";
test.beforeAll(async ({ playwright }) => {
  server = await startServer(PORTAL_ENV);
  ticketId = await germanAgentWithTicket((o) => playwright.request.newContext(o), server.url, JONAS);
});
test.afterAll(async () => server.stop());

test.setTimeout(150_000); // many screens, each checked by axe at two widths, on a shared machine

test("an agent whose Profile language is German works the queue in German", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url, JONAS);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // the board, its cards and the views above it
  await page.getByRole("button", { name: "Kanban" }).click();
  const open = page.getByRole("region", { name: "Spalte Open" });
  await expect(open).toBeVisible();
  await expect(open.getByRole("button", { name: "Heute (1)" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: `Ticket ${ticketId} verschieben nach` })).toBeVisible();
  await page.getByRole("button", { name: "Mehr", exact: true }).click();
  await expect(page.getByText("E-Mail:")).toBeVisible();
  const views = page.getByRole("navigation", { name: "Ansichten" });
  await expect(views.getByRole("button", { name: /^Meine Tickets/ })).toBeVisible();
  await expect(views.getByRole("button", { name: /^Bald überschritten/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Neues Ticket" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Alle Tickets/ })).toBeVisible();

  // the filters card, the overviews and the greeting
  await page.getByRole("button", { name: "Suche & Filter" }).click();
  await expect(page.getByLabel("Abteilung")).toBeVisible();
  await expect(page.getByRole("option", { name: "Alle Abteilungen" })).toBeAttached();
  await expect(page.getByRole("button", { name: "Filter zurücksetzen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ticket-Übersicht" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Prioritätenübersicht" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Heutige Aktivität" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Heute neu" })).toBeVisible();
  await axeAtBothWidths(page);

  // the list's bulk bar
  await page.getByRole("button", { name: "Liste" }).click();
  await page.getByRole("checkbox", { name: `${ticketId} auswählen` }).check();
  const bulk = page.getByRole("region", { name: "Massenaktionen" });
  await expect(bulk.getByText("1 ausgewählt")).toBeVisible();
  await expect(bulk.getByRole("combobox", { name: "Status setzen" })).toBeVisible();
  await expect(bulk.getByRole("button", { name: "Ausgewählte löschen" })).toBeVisible();
  await axeAtBothWidths(page);

  // saving a view
  await page.getByRole("button", { name: "Ansicht speichern" }).click();
  const save = page.getByRole("dialog", { name: "Ansicht speichern" });
  await expect(save.getByText("Speichert die aktuellen Filter")).toBeVisible();
  await save.getByRole("button", { name: "Abbrechen" }).click();

  // the quick look
  await page
    .getByRole("button", { name: `Ticket ${ticketId} ansehen` })
    .first()
    .click();
  const look = page.getByRole("dialog", { name: `Ticket ${ticketId}` });
  await expect(look.getByRole("link", { name: "Ganze Seite öffnen" })).toBeVisible();
  await expect(look.getByLabel("Zuweisen an")).toBeVisible();
  await expect(look.getByRole("heading", { name: "Konversation" })).toBeVisible();
  await expect(look.getByRole("heading", { name: "Anhänge" })).toBeVisible();
  await expect(look.getByText("Interne Datei (nur für Mitarbeitende)")).toBeVisible();
  await expect(look.getByRole("button", { name: "Link erneut senden" })).toBeVisible();
  await expect(look.getByRole("button", { name: "Ticket löschen" })).toBeVisible();
  await axeAtBothWidths(page);
  await page.keyboard.press("Escape");

  // the shortcuts
  await page.getByRole("button", { name: "Tastenkürzel" }).click();
  const keys = page.getByRole("dialog", { name: "Tastenkürzel" });
  await expect(keys.getByText("Ausgewähltes Ticket öffnen")).toBeVisible();
  await expect(keys.getByText("Enter oder o")).toBeVisible();

  // a status change tells its outcome in German too
  await page.keyboard.press("Escape");
  await page.getByLabel(`Status von ${ticketId}`).selectOption("in_progress");
  await expect(page.locator("ol > li").getByText("Ticketstatus aktualisiert")).toBeVisible();
});
