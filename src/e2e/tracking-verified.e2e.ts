import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, fillTicketForm, PORTAL_ENV, track } from "./portal-helpers";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";

let server: TestServer;
let sink: SmtpSink;
let ticket: { id: number; ticketId: string };
test.beforeAll(async ({ request }) => {
  sink = await startSmtpSink();
  server = await startServer(
    { ...PORTAL_ENV, SMTP_URL: sink.url, PUBLIC_TRACKING: "verified" },
    { ownPublicUrl: true },
  );
  ticket = await createTicket(request, server.url, { email: "jane@example.com", location: "Room 12" });
});
test.afterAll(async () => {
  await server.stop();
  await sink.stop();
});

const seriousAxe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);
const linkIn = async (pattern: RegExp, subject: string) => {
  const mail = await sink.waitFor(
    (m) => m.to.includes("jane@example.com") && m.parsed.subject!.includes(subject),
    15_000,
  );
  return String(mail.parsed.text).match(pattern)![0];
};

test("verified tracking – a stranger with the ticket number sees its status only", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", ticket.ticketId);
  const card = page.getByTestId("tracked-ticket");
  await expect(card).toContainText(ticket.ticketId);
  await expect(card).toContainText("Open");
  await expect(card).toContainText("j•••@example.com");
  const text = await page.locator("main").innerText();
  for (const secret of ["Jane", "Doe", "Room 12", "Printer", "555-123-4567"])
    expect(text).not.toContain(secret);
  await expect(page.getByTestId("ticket-detail")).toHaveCount(0);
  expect(await seriousAxe(page)).toEqual([]);
});

test("verified tracking – 'E-mail me the link' mails the private link; the requester adds a note and a file", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Ticket ID", ticket.ticketId);
  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expect(page.getByRole("status")).toContainText("If this ticket has an e-mail address on file");
  const path = await linkIn(/\/t\/[a-z2-7]{32}/, "Your link to ticket");
  await open(page, `${server.url}${path}`);
  await expect(page.getByRole("heading", { name: `Your ticket ${ticket.ticketId}` })).toBeVisible();
  await expect(page.getByText("Printer on floor two is jammed again.")).toBeVisible();
  await page.getByLabel("Your reply").fill("It jams on every second page.");
  await page
    .getByLabel("Attach files")
    .setInputFiles({ name: "photo.txt", mimeType: "text/plain", buffer: Buffer.from("jam") });
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("It jams on every second page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "photo.txt" })).toBeVisible();
});

test("verified tracking – a search by e-mail mails a My tickets link that lists and opens the tickets", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Email Address", "jane@example.com");
  await expect(page.getByTestId("tracking-mailed")).toContainText(
    "If we have tickets for this, we have e-mailed a link.",
  );
  const path = await linkIn(/\/my-tickets\/[a-z2-7]{32}/, "Your tickets");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${server.url}${path}`);
    await expect(page.getByRole("heading", { name: "My tickets" })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/tracking-shots/my-tickets-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: `Open ticket ${ticket.ticketId}` }).click();
  await page.waitForURL(/\/t\/[a-z2-7]{32}$/);
  await expect(page.getByText("Printer on floor two is jammed again.")).toBeVisible();
});

test("verified tracking – the submitter goes from the confirmation straight to the ticket's page, files included", async ({
  page,
}) => {
  await open(page, server.url);
  await fillTicketForm(page);
  await page
    .getByLabel("Attachments")
    .setInputFiles({ name: "screen.txt", mimeType: "text/plain", buffer: Buffer.from("error 42") });
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByTestId("confirmation-ticket-id")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxe(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/tracking-shots/confirmation-${width}.png`, fullPage: true });
  }
  await page.getByRole("link", { name: "Open Your Ticket" }).click();
  await page.waitForURL(/\/t\/[a-z2-7]{32}$/);
  await expect(page.getByText("Need two more licences for the accounting tool.")).toBeVisible();
  await expect(page.getByRole("link", { name: "screen.txt" })).toBeVisible();
});

test("verified tracking – screens at 1280 and 390 px pass axe", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", ticket.ticketId);
  await expect(page.getByTestId("tracked-ticket")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxe(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/tracking-shots/tracked-${width}.png`, fullPage: true });
  }
});

test("settings – Portal shows the mode PUBLIC_TRACKING set, read-only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Portal", exact: true }).click();
  const panel = page.getByTestId("portal-settings");
  await expect(panel.getByRole("radio", { name: /Verified/ })).toBeChecked();
  await expect(panel.getByRole("radio", { name: /Open/ })).toBeDisabled();
  await expect(panel).toContainText("Set by the server's environment");
  expect(await seriousAxe(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/tracking-shots/settings-portal-1280.png" });
});
