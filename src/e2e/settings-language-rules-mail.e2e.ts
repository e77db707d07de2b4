import { expect, test } from "@playwright/test";
import { germanSettings, seriousAxe } from "./german-agent";
import { ADMIN, startServer, type TestServer } from "./server";

// A webhook on loopback is allowed here only so that its row and delivery log can be shown.
let server: TestServer;
test.beforeAll(async ({ playwright }) => {
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
  const admin = await playwright.request.newContext({ extraHTTPHeaders: { Origin: server.url } });
  expect((await admin.post(`${server.url}/api/login`, { data: ADMIN })).status()).toBe(200);
  expect((await admin.put(`${server.url}/api/auth/language`, { data: { language: "de" } })).status()).toBe(
    200,
  );
  const hook = await admin.post(`${server.url}/api/admin/webhooks`, {
    data: { url: "http://127.0.0.1:9/hook", events: ["ticket.created"], active: true, includeInternal: true },
  });
  expect(hook.status()).toBe(201);
  const field = await admin.post(`${server.url}/api/admin/custom-fields`, {
    data: {
      key: "seats",
      label: "Plätze",
      kind: "number",
      options: [],
      required: true,
      helpText: "",
      ticketTypes: [],
      visibility: "staff",
      isActive: true,
    },
  });
  expect(field.status()).toBe(201);
  await admin.dispose();
});
test.afterAll(async () => server.stop());

test.setTimeout(150_000); // many screens, each checked by axe, on a shared machine

for (const width of [1280, 390])
  test(`automation, saved replies, fields, e-mail, webhooks and portal wording in German at ${width} px`, async ({
    page,
  }) => {
    const tabs = await germanSettings(page, server.url, width);

    await tabs.getByRole("tab", { name: "Automatisierung", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Automatisierungsregeln" })).toBeVisible();
    await expect(page.getByText("Noch keine Regeln.")).toBeVisible();
    await page.getByRole("button", { name: "Neue Regel" }).click();
    const rule = page.getByRole("form", { name: "Neue Regel" });
    await expect(rule.getByLabel("Name der Regel")).toBeVisible();
    await expect(rule.getByLabel("Wann")).toContainText("Ticket erstellt");
    await rule.getByRole("button", { name: "Bedingung hinzufügen" }).click();
    await expect(rule.getByLabel("Bedingung 1: Feld")).toContainText("Typ");
    await expect(rule.getByLabel("Aktion 1", { exact: true })).toContainText("Interne Notiz hinzufügen");
    await expect(rule.getByRole("button", { name: "Probelauf" })).toBeVisible();
    await expect(rule.getByRole("button", { name: "Regel speichern" })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Textbausteine", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Textbausteine" })).toBeVisible();
    await page.getByRole("button", { name: "Neuer Textbaustein" }).click();
    await expect(page.getByLabel("Beim Verwenden hinzuzufügende Tags")).toBeVisible();
    await expect(page.getByText(/^Platzhalter: \{\{requester\.firstName\}\}/)).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Felder", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Eigene Felder" })).toBeVisible();
    await expect(page.getByTestId("field-seats")).toContainText(
      "seats · Zahl · Alle Typen · Pflichtfeld · nur Team",
    );
    await expect(page.getByLabel("Sichtbar für").last()).toContainText("Anfragende und Team");
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "E-Mail", exact: true }).click();
    await expect(page.getByRole("heading", { name: "E-Mail-Weiterleitungsregel hinzufügen" })).toBeVisible();
    await expect(page.getByText("Noch keine E-Mail-Weiterleitungsregeln eingerichtet")).toBeVisible();
    await expect(page.getByTestId("outbox-status")).toContainText("Postausgang: 0 wartend");
    await expect(page.getByRole("heading", { name: "E-Mail-Konten" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Verbindung testen" }).first()).toBeVisible();
    await expect(page.getByTestId("mail-health")).toContainText("Ausgehend");
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Integrationen", exact: true }).click();
    const hook = page.getByTestId("webhook");
    await expect(hook).toContainText("Ticket erstellt (mit internen Notizen) · Aktiv");
    await expect(hook).toContainText("Letzte Zustellung: noch keine");
    await hook.getByRole("button", { name: "Zustellungen" }).click();
    await expect(hook.getByText("Noch keine Zustellungen.")).toBeVisible();
    await hook.getByRole("button", { name: "Löschen" }).click();
    await expect(page.getByRole("alertdialog", { name: "Webhook löschen?" })).toBeVisible();
    await page.keyboard.press("Escape");
    expect(await seriousAxe(page)).toEqual([]);

    await tabs.getByRole("tab", { name: "Portal", exact: true }).click();
    const wording = page.getByTestId("portal-wording");
    await expect(wording.getByRole("heading", { name: "Texte des Portals" })).toBeVisible();
    await expect(wording.getByLabel("Name der Organisation")).toBeVisible();
    await expect(wording.getByRole("button", { name: "Texte speichern" })).toBeVisible();
    await expect(wording.getByRole("region", { name: "Vorschau des Portals" })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
  });
