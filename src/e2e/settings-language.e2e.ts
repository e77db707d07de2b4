import { expect, test } from "@playwright/test";
import { germanSettings, seriousAxe } from "./german-agent";
import { ADMIN, startServer, type TestServer } from "./server";

const GRETA = { email: "greta@example.com", password: "greta-password-1" };

let server: TestServer;
test.beforeAll(async ({ playwright }) => {
  server = await startServer();
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { Origin: server.url } });
  expect((await admin.post(`${server.url}/api/login`, { data: ADMIN })).status()).toBe(200);
  const created = await admin.post(`${server.url}/api/admin/users`, {
    data: { ...GRETA, role: "staff", firstName: "Greta", lastName: "Gross", canViewAllTickets: true },
  });
  expect(created.status()).toBe(201);
  expect((await admin.put(`${server.url}/api/auth/language`, { data: { language: "de" } })).status()).toBe(
    200,
  );
  await admin.dispose();
});
test.afterAll(async () => server.stop());

test.setTimeout(150_000); // many screens, each checked by axe, on a shared machine

for (const width of [1280, 390])
  test(`an admin whose Profile language is German gets Settings in German at ${width} px`, async ({
    page,
  }) => {
    const tabs = await germanSettings(page, server.url, width);
    for (const name of [
      "Benutzer",
      "Abteilungen",
      "Prioritäten",
      "Geschäftszeiten",
      "Textbausteine",
      "Automatisierung",
    ])
      await expect(tabs.getByRole("tab", { name, exact: true })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Anmeldesicherheit" })).toBeVisible();
    await expect(page.getByText("Zwei-Faktor-Anmeldung für alle Mitarbeitenden vorschreiben.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Benutzer hinzufügen" })).toBeVisible();
    const me = page.getByTestId("user-row").filter({ hasText: ADMIN.email });
    await expect(me).toContainText("(Sie)");
    await expect(me).toContainText("aktiv");
    const greta = page.getByTestId("user-row").filter({ hasText: GRETA.email });
    await expect(greta).toContainText("Mitarbeiter");
    await expect(greta).toContainText("Vollzugriff");
    await page.getByRole("button", { name: `Aktionen für ${GRETA.email}` }).click();
    await expect(page.getByRole("menuitem", { name: "Rolle bearbeiten" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Zugriff bearbeiten" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Temporäres Passwort festlegen" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Löschen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Benutzer löschen" });
    await expect(confirm).toContainText(`Möchten Sie ${GRETA.email} wirklich löschen?`);
    await expect(confirm.getByRole("button", { name: "Löschen" })).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Prioritäten" }).click();
    await expect(page.getByRole("heading", { name: "Prioritäten" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Priorität hinzufügen" })).toBeVisible();
    await expect(page.getByLabel("Farbe").first()).toContainText("Grau");
    await expect(page.getByRole("button", { name: "Hinzufügen" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: /^Aktiv: / }).first()).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Geschäftszeiten" }).click();
    const hours = page.getByTestId("hours-panel");
    await expect(hours.getByRole("heading", { name: "Geschäftszeiten" })).toBeVisible();
    await expect(hours.getByRole("group", { name: "Öffnungszeiten" })).toContainText("Montag");
    await expect(hours.getByRole("button", { name: "Zeiten am Samstag hinzufügen" })).toBeVisible();
    await expect(hours.getByRole("button", { name: "Feiertag hinzufügen" })).toBeVisible();
    await expect(hours.getByRole("columnheader", { name: "Erste Antwort" })).toBeVisible();
    await expect(hours.getByRole("button", { name: "Änderungen verwerfen" })).toBeDisabled();
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Portal" }).click();
    await expect(page.getByRole("heading", { name: "Öffentliche Adresse" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Öffentliche Ticketverfolgung" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /^Verifiziert \(empfohlen\)/ })).toBeVisible();
    await expect(page.getByLabel("Standardland")).toContainText("Deutschland");
    await expect(page.getByRole("heading", { name: "Ticket-IDs" })).toBeVisible();
    await expect(page.getByLabel("Standardsprache")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Wetter im Dashboard" })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "E-Mail" }).click();
    await expect(page.getByRole("heading", { name: "E-Mails an Anfragende" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Das Ticket ist erledigt" })).toBeVisible();

    await tabs.getByRole("tab", { name: "Tags" }).click();
    await expect(
      page.getByText("Wird ein Tag nach einem anderen benannt, werden beide zusammengeführt."),
    ).toBeVisible();
  });
