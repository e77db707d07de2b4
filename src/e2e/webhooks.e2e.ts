import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { signIn, startServer, toast, type TestServer } from "./server";

// Private addresses are allowed here only because the test receiver listens on loopback.
let server: TestServer;
let receiver: Server;
let receiverUrl = "";
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
test.beforeAll(async () => {
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.end("thanks");
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});
test.afterAll(async () => {
  await server.stop();
  receiver.close();
});
test.describe.configure({ mode: "serial" });

const openIntegrations = async (page: Page) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Integrations", exact: true }).click();
};
const seriousIssues = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);

test("integrations – add a webhook, its secret shows once, a test delivery is signed and shows in the log", async ({
  page,
}) => {
  await openIntegrations(page);
  await expect(page.getByText("No webhooks configured yet")).toBeVisible();
  await page.getByRole("button", { name: "Add webhook" }).click();
  const dialog = page.getByRole("dialog");
  // The server's refusal shows in the dialog, which stays open with what was typed.
  await dialog.getByLabel("Payload URL").fill("https://user:pw@example.com/hook");
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Webhook URL must not contain a user name or password");
  await dialog.getByLabel("Payload URL").fill(receiverUrl);
  await expect(dialog.getByRole("checkbox", { name: "Ticket created" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Ticket changed" }).uncheck();
  await dialog.getByRole("button", { name: "Add webhook" }).click();
  await expect(toast(page, "Webhook added")).toBeVisible();
  const secret = (await page.getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_/);
  const hook = page.getByTestId("webhook");
  await expect(hook).toContainText(receiverUrl);
  await expect(hook).toContainText("Ticket created, Note added, Ticket rated · Active");

  await hook.getByRole("button", { name: "Send test" }).click();
  await expect(hook.getByTestId("webhook-delivery").first()).toContainText("ping", { timeout: 15_000 });
  await expect(hook.getByTestId("webhook-delivery").first()).toContainText("delivered");
  await expect(hook.getByTestId("webhook-delivery").first()).toContainText("HTTP 200");
  await expect(hook.getByTestId("webhook-delivery").first()).toContainText("1 attempt");

  const ping = received.find((r) => JSON.parse(r.body).event === "ping")!;
  const ts = ping.headers["x-helpdesk-timestamp"];
  const expected = `sha256=${createHmac("sha256", secret).update(`${ts}.${ping.body}`).digest("hex")}`;
  expect(ping.headers["x-helpdesk-signature"]).toBe(expected);

  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Integrations", exact: true }).click();
  await expect(page.getByTestId("webhook")).toContainText("Last delivery: delivered, HTTP 200");
  expect(await page.content()).not.toContain(secret);
});

for (const width of [1280, 360])
  test(`integrations – no serious or critical axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openIntegrations(page);
    const hook = page.getByTestId("webhook");
    await hook.getByRole("button", { name: "Deliveries" }).click();
    await expect(hook.getByTestId("webhook-delivery").first()).toBeVisible();
    expect(await seriousIssues(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await hook.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousIssues(page)).toEqual([]);
  });
