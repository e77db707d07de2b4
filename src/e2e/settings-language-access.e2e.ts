import { expect, test } from "@playwright/test";
import { axeAtBothWidths } from "./german-agent";
import { ADMIN, signIn, startServer, type TestServer, toast } from "./server";

let server: TestServer;
test.beforeAll(async ({ playwright }) => {
  server = await startServer();
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { Origin: server.url } });
  expect((await admin.post(`${server.url}/api/login`, { data: ADMIN })).status()).toBe(200);
  expect((await admin.put(`${server.url}/api/auth/language`, { data: { language: "de" } })).status()).toBe(
    200,
  );
  // a department created and renamed: two audit rows with a change to read
  const created = await admin.post(`${server.url}/api/admin/config/departments`, {
    data: { name: "Garage" },
  });
  const { id } = await created.json();
  await admin.put(`${server.url}/api/admin/config/departments/${id}`, { data: { name: "Werkstatt" } });
  await admin.dispose();
});
test.afterAll(async () => server.stop());

test.setTimeout(150_000); // many screens, each checked by axe, on a shared machine

test("a German admin reads Add user, Sign-in and Audit in German, with no serious axe findings at 1280 and 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Einstellungen" }).click();
  const tabs = page.getByRole("tablist", { name: "Einstellungen" });

  await page.getByRole("button", { name: "Benutzer hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Neuen Benutzer anlegen" });
  await expect(dialog).toContainText("Legen Sie einen Benutzer an");
  await expect(dialog.getByLabel("Rolle")).toContainText("Mitarbeiter (eingeschränkter Zugriff)");
  await expect(dialog.getByRole("switch", { name: "Darf alle Tickets sehen" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Abteilungen" })).toContainText("Werkstatt");
  await expect(dialog.getByRole("button", { name: "Anlegen" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Schließen" })).toBeVisible();
  await dialog.getByLabel("E-Mail").fill("nina@example.com");
  await dialog.getByLabel("Vorname").fill("Nina");
  await dialog.getByLabel("Nachname").fill("Neu");
  await dialog.getByLabel("Passwort (leer lassen, um eine Einladung zu senden)").fill("kurz");
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(dialog).toContainText("Das Passwort muss mindestens 6 Zeichen lang sein");
  await axeAtBothWidths(page);
  await dialog.getByLabel("Passwort (leer lassen, um eine Einladung zu senden)").fill("lang-genug-1");
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(toast(page, "Benutzer angelegt")).toBeVisible();
  await expect(page.locator("ol > li").getByRole("button", { name: "Schließen" })).toBeVisible();

  await tabs.getByRole("tab", { name: "Anmeldung", exact: true }).click();
  const signInForm = page.getByTestId("sign-in-settings");
  await expect(signInForm.getByLabel("Anmeldung mit Passwort")).toContainText(
    "Alle dürfen sich mit einem Passwort anmelden",
  );
  await signInForm.getByRole("button", { name: "OpenID-Connect-Anbieter hinzufügen" }).click();
  await signInForm.getByRole("button", { name: "LDAP-Verzeichnis hinzufügen" }).click();
  await expect(signInForm.getByRole("group", { name: "Neuer Anbieter" })).toBeVisible();
  await expect(signInForm.getByLabel("Beschriftung der Schaltfläche")).toBeVisible();
  await expect(signInForm.getByLabel("Benutzerfilter ({login} ist die Eingabe der Person)")).toBeVisible();
  await expect(signInForm.getByRole("group", { name: "Neue Benutzer" }).first()).toBeVisible();
  await expect(signInForm.getByRole("button", { name: "Anmeldeeinstellungen speichern" })).toBeVisible();
  await axeAtBothWidths(page);

  await tabs.getByRole("tab", { name: "Protokoll" }).click();
  await expect(page.getByRole("columnheader", { name: "Zeitpunkt" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Änderungen" })).toBeVisible();
  await page.getByLabel("Objekttyp").selectOption({ label: "Abteilung" });
  const rows = page.getByTestId("audit-row");
  const renamed = rows.filter({ hasText: "Name: Garage → Werkstatt" });
  await expect(renamed).toHaveCount(1);
  await expect(renamed).toContainText("Geändert");
  await expect(rows.filter({ hasText: "Erstellt" }).first()).toBeVisible();
  await expect(page.getByText(/^1 bis \d+ von \d+ Einträgen$/)).toBeVisible();
  await expect(page.getByLabel("Aktion")).toContainText("Alle Aktionen");
  await axeAtBothWidths(page);
});
