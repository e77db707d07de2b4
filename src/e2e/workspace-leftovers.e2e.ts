import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let server: TestServer;
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ ...PORTAL_ENV, SMTP_URL: sink.url }, { ownPublicUrl: true });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});
test.describe.configure({ mode: "serial", timeout: 120_000 });

const seriousIssues = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);
const statusOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`${server.url}/api/admin/tickets/${id}`)).json()) as { status: string })
    .status;
const mailsTo = (to: string) => sink.messages.filter((m) => m.to.includes(to));

test("queue – the first row is visible at 1280×800 without scrolling, the cards follow it", async ({
  page,
}) => {
  for (let i = 0; i < 3; i++) await createTicket(page.request, server.url, { description: `Queue row ${i}` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, server.url);
  for (const view of ["list", "kanban"]) {
    await open(page, `${server.url}/admin?view=${view}`);
    const first = page.getByText(/Queue row \d/).first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
  const queue = (await page.locator("#all-tickets").boundingBox())!;
  const overview = (await page.locator("#overview-heading").boundingBox())!;
  expect(overview.y).toBeGreaterThan(queue.y);
});

test("queue – no serious accessibility issue at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, server.url);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, `${server.url}/admin?view=list`);
    await expect(page.locator("#all-tickets")).toBeVisible();
    expect(await seriousIssues(page)).toEqual([]);
  }
});

test("signature – set in Profile, shown in the composer, and under the reply in the e-mail", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { email: "sig@example.com" });
  await signIn(page, server.url);
  await open(page, `${server.url}/profile`);
  await page.getByLabel("Reply signature").fill("Ada Admin\nIT Service Desk");
  await page.getByRole("button", { name: "Save signature" }).click();
  await expect(page.getByText("Signature saved").first()).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await expect(page.getByText("Your signature is added to the e-mail:")).toBeVisible();
  await expect(page.getByText("IT Service Desk")).toBeVisible();
  await page.getByRole("radio", { name: "Internal note" }).click();
  await expect(page.getByText("Your signature is added to the e-mail:")).toHaveCount(0);
  await page.getByRole("radio", { name: "Reply" }).click();
  await page.getByLabel("Reply to requester").fill("Your new laptop is ready.");
  await page.getByLabel("Files").setInputFiles({
    name: "receipt.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Laptop handed over\n"),
  });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const mail = await sink.waitFor(
    (m) => m.to.includes("sig@example.com") && String(m.parsed.text).includes("Your new laptop is ready."),
    20_000,
  );
  expect(String(mail.parsed.text)).toContain("-- \nAda Admin\nIT Service Desk");
  expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(["receipt.txt"]);
});

test("undo – a status change that e-mails the requester can be undone for 5 s; the mail never leaves", async ({
  page,
}) => {
  const t = await createTicket(page.request, server.url, { email: "undo@example.com" });
  await sink.waitFor((m) => m.to.includes("undo@example.com"), 15_000); // the receipt
  const before = mailsTo("undo@example.com").length;
  await signIn(page, server.url);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await page.getByLabel("Reply to requester").fill("Closing this one.");
  await page.getByLabel("Then set status").selectOption("completed");
  await page.getByRole("button", { name: "Send and set Completed" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone").first()).toBeVisible();
  expect(await statusOf(page, t.id)).toBe("open");
  await page.waitForTimeout(7_000);
  expect(mailsTo("undo@example.com")).toHaveLength(before);

  // without undo, the reply leaves once its 5 s are up
  await page.getByLabel("Reply to requester").fill("Second try, this one goes.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  const sentAt = Date.now();
  await sink.waitFor(
    (m) => m.to.includes("undo@example.com") && String(m.parsed.text).includes("Second try"),
    20_000,
  );
  expect(Date.now() - sentAt).toBeGreaterThan(3_000);
  expect(mailsTo("undo@example.com")).toHaveLength(before + 1);
});

test("undo – a bulk status change holds the requesters' e-mails 5 s and the toast's Undo puts every status back", async ({
  page,
}) => {
  const a = await createTicket(page.request, server.url, { email: "bulk-a@example.com" });
  const b = await createTicket(page.request, server.url, { email: "bulk-b@example.com" });
  for (const to of ["bulk-a@example.com", "bulk-b@example.com"])
    await sink.waitFor((m) => m.to.includes(to), 15_000);
  const before = mailsTo("bulk-").length;
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list`);
  for (const t of [a, b]) await page.getByRole("checkbox", { name: `Select ${t.ticketId}` }).check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await bulk.getByRole("combobox", { name: "Set status" }).selectOption("completed");
  await expect(page.getByText("Updated 2 tickets").first()).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("The e-mails to the requesters were not sent.").first()).toBeVisible();
  expect([await statusOf(page, a.id), await statusOf(page, b.id)]).toEqual(["open", "open"]);
  await page.waitForTimeout(7_000);
  expect(mailsTo("bulk-")).toHaveLength(before);
});

test("quick look – writes with the composer; no serious accessibility issue at 1280 and 390 px, nor on Profile", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const t = await createTicket(page.request, server.url, { email: "quick@example.com" });
  await signIn(page, server.url);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radiogroup", { name: "Kind of message" })).toBeVisible();
    await expect(dialog.getByLabel("Add a Note")).toHaveCount(0); // the old note form is gone
    expect(await seriousIssues(page)).toEqual([]);
    await open(page, `${server.url}/profile`);
    await expect(page.getByLabel("Reply signature")).toBeVisible();
    expect(await seriousIssues(page)).toEqual([]);
  }
  await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reply to requester").fill("Sent from the quick look.");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByTestId("detail-notes")).toContainText("Sent from the quick look.");
});
