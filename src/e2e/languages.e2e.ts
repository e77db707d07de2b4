import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { open, startServer, type TestServer } from "./server";
import { PORTAL_ENV } from "./portal-helpers";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

const SHOTS = "/tmp/i18n-shots";
let server: TestServer;
let sink: SmtpSink;
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sink = await startSmtpSink();
  server = await startServer(
    { ...PORTAL_ENV, SMTP_URL: sink.url, PUBLIC_TRACKING: "verified" },
    { ownPublicUrl: true },
  );
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

const seriousAxe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("submits, confirms, tracks and opens its private page in German", async ({ page }) => {
    await open(page, server.url);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle("Helpdesk – Support-Portal");
    await expect(page.getByRole("heading", { name: "Willkommen im Support-Portal" })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/portal-de-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // the form's own checks speak German too
    await page.getByRole("button", { name: "Ticket senden" }).click();
    await expect(page.getByText("Vorname ist erforderlich")).toBeVisible();
    await page.getByLabel("Vorname").fill("Jonas");
    await page.getByLabel("Nachname").fill("Becker");
    await page.getByLabel("E-Mail-Adresse").fill("jonas@example.com");
    await page.getByLabel("Telefonnummer").pressSequentially("5559876543");
    await page.getByLabel("Abteilung").selectOption("Finance");
    await page.locator("label", { hasText: "Licensing" }).click();
    await page
      .getByLabel("Beschreibung der Anfrage")
      .fill("Der Drucker im zweiten Stock druckt leere Seiten.");
    await page.getByRole("button", { name: "Ticket senden" }).click();

    await expect(page.getByRole("heading", { name: "Ticket erfolgreich gesendet!" })).toBeVisible();
    const ticketId = (await page.getByTestId("confirmation-ticket-id").innerText()).trim();
    expect(await seriousAxe(page)).toEqual([]);
    const receipt = await sink.waitFor((m) => m.to.includes("jonas@example.com"), 15_000);
    expect(receipt.parsed.subject).toBe(`[${ticketId}] Wir haben Ihr Ticket erhalten`);

    await page.getByRole("button", { name: "Dieses Ticket suchen" }).click();
    const card = page.getByTestId("tracked-ticket");
    await expect(card).toContainText(ticketId);
    await expect(card).toContainText("Offen");
    await expect(card.getByText("Letzte Änderung")).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);

    const privateLink = receipt.parsed.text?.match(/\/t\/[a-z2-7]{32}/)?.[0];
    expect(privateLink).toBeTruthy();
    await open(page, `${server.url}${privateLink}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: `Ihr Ticket ${ticketId}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unterhaltung" })).toBeVisible();
    await page.getByLabel("Ihre Antwort").fill("Es passiert bei jeder zweiten Seite.");
    await page.getByRole("button", { name: "Antwort senden" }).click();
    await expect(page.getByText("Ihre Antwort wurde dem Ticket hinzugefügt")).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/private-de-${width}.png`, fullPage: true });
    }
  });
});

test("the switcher's French stays after a reload, with lang set on every page", async ({ page }) => {
  await open(page, server.url);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Welcome to the Support Portal" })).toBeVisible();
  await Promise.all([page.waitForEvent("load"), page.getByLabel("Language").selectOption("fr")]);
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Bienvenue sur le portail d’assistance" })).toBeVisible();
  await page.reload();
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.getByRole("heading", { name: "Bienvenue sur le portail d’assistance" })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
  await page.goto(`${server.url}/help`); // plain server HTML: no island to wait for
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: "Articles d’aide" })).toBeVisible();
  for (const path of ["/login", "/forgot-password"]) {
    await open(page, `${server.url}${path}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await seriousAxe(page)).toEqual([]);
  }
  await expect(page.getByRole("button", { name: "Envoyer le lien de réinitialisation" })).toBeVisible();
});
