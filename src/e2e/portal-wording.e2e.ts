import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, signIn, startServer, toast, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer({}, { ownPublicUrl: true })));
test.afterAll(async () => server.stop());

const seriousOrCritical = async (page: import("@playwright/test").Page) =>
  (await new AxeBuilder({ page }).include("main").analyze()).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );

test("settings – the portal's wording: the preview follows the typing, and the portal shows it once saved", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Portal" }).click();
  const card = page.getByTestId("portal-wording");
  const preview = card.getByTestId("wording-preview");
  // before any typing the preview is today's portal: the product's words and the targets' promise
  await expect(preview).toContainText("Welcome to the Support Portal");
  await expect(preview).toContainText("Our team responds within 1–8 business hours.");
  await card.getByLabel("Welcome heading").fill("Hello from Acme IT");
  await expect(preview).toContainText("Hello from Acme IT");
  await expect(preview).not.toContainText("Welcome to the Support Portal");
  await card.getByLabel("Organisation name").fill("Acme IT");
  await expect(preview).toContainText("Acme IT support portal");
  // markup is refused before it is sent, with the reason beside the field
  await card.getByLabel("Footer").fill("<b>bold</b>");
  await expect(card.getByText("The footer is plain text, without HTML tags")).toBeVisible();
  await expect(card.getByRole("button", { name: "Save wording" })).toBeDisabled();
  await card.getByLabel("Footer").fill("");
  await page.screenshot({ path: "test-results/settings-wording-1280.png", fullPage: true });
  expect(await seriousOrCritical(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousOrCritical(page)).toEqual([]);
  await card.getByRole("button", { name: "Save wording" }).click();
  await expect(toast(page, "The portal's wording is saved")).toBeVisible();

  await open(page, server.url);
  await expect(page.getByRole("heading", { name: "Hello from Acme IT" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Acme IT" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveText("Acme IT support portal");
  await expect(page).toHaveTitle("Acme IT – Support Portal");
});
