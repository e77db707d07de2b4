import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, open, signIn, startServer, type TestServer } from "./server";
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

test("ticket page – opens from the queue's quick look and by its own URL", async ({ page }) => {
  const t = await createTicket(page.request, server.url, { description: "Monitor flickers on desk 12" });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
  await page.getByRole("dialog").getByRole("link", { name: "Open full page" }).click();
  await page.waitForSelector("body[data-hydrated]");
  expect(new URL(page.url()).pathname).toBe(`/admin/tickets/${t.ticketId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Ticket ${t.ticketId}` })).toBeVisible();
  await expect(page.getByTestId("timeline")).toBeVisible();
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await expect(page.getByLabel("Description")).toHaveValue("Monitor flickers on desk 12");
});

test("ticket page – a department edit saves in place and shows in the timeline", async ({ page }) => {
  const t = await createTicket(page.request, server.url, { department: "IT" });
  await signIn(page, server.url);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await page.getByLabel("Department").selectOption("Finance");
  await expect(
    page.getByTestId("timeline-event").filter({ hasText: "Department: IT → Finance" }),
  ).toBeVisible();
  await page.getByLabel("Type").selectOption("Licensing");
  await expect(page.getByTestId("timeline-event").filter({ hasText: "Type: IT → Licensing" })).toBeVisible();
});

test("ticket page – ArrowDown on the status select saves nothing; Escape puts it back", async ({ page }) => {
  const t = await createTicket(page.request, server.url);
  await signIn(page, server.url);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  const status = page.getByLabel("Status", { exact: true });
  await status.focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForTimeout(500);
  expect(await statusOf(page, t.id)).toBe("open");
  await page.keyboard.press("Escape");
  await expect(status).toHaveValue("open");
  expect(await statusOf(page, t.id)).toBe("open");
});

test("ticket page – a reply with a file that sets Waiting on requester; the requester's answer reopens it", async ({
  page,
  browser,
}) => {
  const t = await createTicket(page.request, server.url, { email: "wait@example.com" });
  const mail = await sink.waitFor((m) => m.to.includes("wait@example.com"), 15_000);
  const link = String(mail.parsed.text).match(/\/t\/[a-z2-7]{32}/)![0];
  await signIn(page, server.url);
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await page.getByLabel("Reply to requester").fill("Could you send the printer's serial number?");
  await page.getByLabel("Files").setInputFiles({
    name: "steps.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("1. Open the tray\n"),
  });
  await page.getByLabel("Then set status").selectOption("waiting_on_requester");
  await page.getByRole("button", { name: "Send and set Waiting on requester" }).click();
  const timeline = page.getByTestId("timeline");
  await expect(timeline.getByText("Could you send the printer's serial number?")).toBeVisible();
  await expect(timeline.getByRole("link", { name: "steps.txt" })).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("waiting_on_requester");
  expect(await statusOf(page, t.id)).toBe("waiting_on_requester");

  const requester = await browser.newPage();
  await open(requester, `${server.url}${link}`);
  await requester.getByLabel("Your reply").fill("The serial number is SN-4471.");
  await requester.getByRole("button", { name: "Send reply" }).click();
  await expect(requester.getByRole("status")).toBeVisible();
  await requester.close();

  expect(await statusOf(page, t.id)).toBe("open");
  await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("open");
  await expect(
    page.getByTestId("timeline-event").filter({ hasText: "Status: Waiting on requester → Open" }),
  ).toBeVisible();
});

test("statuses – a configured status is a Kanban column and counts in the total", async ({ page }) => {
  const headers = { Origin: server.url };
  await page.request.post(`${server.url}/api/login`, { data: ADMIN, headers });
  const made = await page.request.post(`${server.url}/api/admin/config/statuses`, {
    data: { name: "on_hold", label: "On hold", color: "orange" },
    headers,
  });
  expect(made.status()).toBe(201);
  const t = await createTicket(page.request, server.url, { description: "Waiting for a part" });
  const put = await page.request.put(`${server.url}/api/admin/tickets/${t.id}`, {
    data: { status: "on_hold" },
    headers,
  });
  expect(put.status()).toBe(200);
  const all = (await (await page.request.get(`${server.url}/api/admin/tickets?limit=1`)).json()) as {
    total: number;
  };
  await open(page, `${server.url}/admin`); // signed in by the request above, which shares the cookies
  const column = page.locator('[data-column="on_hold"]');
  await expect(column.getByRole("heading", { name: /On hold/ })).toBeVisible();
  await expect(column.getByText(t.ticketId)).toBeVisible();
  await expect(page.getByTestId("ticket-total")).toHaveText(`(${all.total})`);
});

test("ticket page – no serious accessibility issue at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  const t = await createTicket(page.request, server.url, { description: "Keyboard missing keys" });
  await signIn(page, server.url);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${server.url}/admin/tickets/${t.ticketId}`);
    await expect(page.getByTestId("timeline")).toBeVisible();
    await page.screenshot({ path: `test-results/ticket-page-${width}.png`, fullPage: true });
    expect(await seriousIssues(page)).toEqual([]);
  }
});

test("new ticket – staff open one for a phone caller; the requester gets the confirmation", async ({
  page,
}) => {
  await createTicket(page.request, server.url, {
    email: "caller@example.com",
    firstName: "Victor",
    lastName: "Brown",
    phone: "555-222-3333",
  });
  await signIn(page, server.url);
  await page.keyboard.press("n");
  const dialog = page.getByRole("dialog", { name: "New ticket" });
  await dialog.getByLabel("Requester e-mail").fill("caller@example.com");
  await expect(dialog.getByLabel("First name")).toHaveValue("Victor"); // filled from the earlier ticket
  await expect(dialog.getByLabel("Channel")).toHaveValue("phone");
  await dialog.getByLabel("Description").fill("Called about a broken headset on desk 4");
  await dialog.getByLabel("Internal note (optional)").fill("Sounded urgent");
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  await page.waitForURL(/\/admin\/tickets\/WI-\d{4}-\d{3,}$/);
  await page.waitForSelector("body[data-hydrated]");
  const ticketId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("timeline").getByText("Sounded urgent")).toBeVisible();
  const mail = await sink.waitFor(
    (m) => m.to.includes("caller@example.com") && String(m.parsed.subject).includes(ticketId),
    15_000,
  );
  expect(String(mail.parsed.text)).toMatch(/\/t\/[a-z2-7]{32}/);
});
