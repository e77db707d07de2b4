import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open, startServer, toast, type TestServer } from "./server";
import { PORTAL_ENV, createTicket, track } from "./portal-helpers";

let server: TestServer;
let first: { id: number; ticketId: string };
let second: { id: number; ticketId: string };
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  first = await createTicket(request, server.url, {
    email: "many@example.com",
    phone: "555-111-2222",
    description: "Monitor flickers all day long.",
  });
  second = await createTicket(request, server.url, {
    email: "many@example.com",
    phone: "555-111-3333",
    description: "Need a new keyboard please.",
  });
});
test.afterAll(async () => server.stop());

test("tracker – e-mail with several tickets shows a list, a pick opens it, 'Back to List' returns", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Email Address", "MANY@example.com");
  await expect(page.getByText("Found 2 Tickets")).toBeVisible();
  await page.getByRole("button", { name: new RegExp(first.ticketId) }).click();
  await expect(page.getByTestId("ticket-detail").getByText("Monitor flickers all day long.")).toBeVisible();
  await expect(page.getByTestId("ticket-detail").getByText("Open", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Back to List" }).click();
  await expect(page.getByRole("button", { name: new RegExp(second.ticketId) })).toBeVisible();
});

test("tracker – one match by phone opens the ticket automatically, contact details masked", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Phone Number", "5551113333");
  const detail = page.getByTestId("ticket-detail");
  await expect(detail.getByRole("heading", { name: second.ticketId })).toBeVisible();
  await expect(detail.getByText("•••-•••-3333")).toBeVisible();
  await expect(detail.getByText("m•••@example.com")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back to List" })).toHaveCount(0);
});

test("tracker – no match shows 'No Tickets Found'", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", "WI-1999-001");
  await expect(page.getByRole("heading", { name: "No Tickets Found" })).toBeVisible();
});

test("tracker – each format error has its own message, and changing mode clears query and results", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Ticket ID", "");
  await expect(toast(page, "Enter Search Value")).toBeVisible();
  await track(page, "Ticket ID", "12345");
  await expect(toast(page, "Invalid Ticket ID Format")).toBeVisible();
  await track(page, "Email Address", "jane@nowhere");
  await expect(toast(page, "Invalid Email Format")).toBeVisible();
  await track(page, "Phone Number", "12");
  await expect(toast(page, "Invalid Phone Format")).toBeVisible();
  await track(page, "Ticket ID", "WI-1999-001");
  await expect(page.getByText("No Tickets Found")).toBeVisible();
  await page.getByLabel("Search by").selectOption({ label: "Email Address" });
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue("");
  await expect(page.getByText("No Tickets Found")).toHaveCount(0);
});

test("notes – checks, then a visitor's note appears under 'Notes & Updates'", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", first.ticketId);
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(toast(page, "Note Required")).toBeVisible();
  await page.getByRole("textbox", { name: "Note", exact: true }).fill("Still flickering after restart.");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(toast(page, "Contact Information Required")).toBeVisible();
  await page.getByLabel("Your Name").fill("Jane Doe");
  await page.getByLabel("Your Email").fill("jane@nowhere");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(toast(page, "Invalid Email")).toBeVisible();
  await page.getByLabel("Your Email").fill("jane@example.com");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(toast(page, "Note Added")).toBeVisible();
  const notes = page.getByRole("list", { name: "Notes" });
  await expect(notes.getByText("Still flickering after restart.")).toBeVisible();
  await expect(notes.getByText("Jane Doe")).toBeVisible();
  await expect(notes.getByText("Just now")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Note", exact: true })).toHaveValue("");
});

test("attachments – upload a file, then download the same bytes", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", second.ticketId);
  await page.getByLabel("Choose a file to upload").setInputFiles({
    name: "receipt.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("keyboard receipt #77"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "File uploaded successfully")).toBeVisible();
  const link = page.getByRole("link", { name: "Download receipt.txt" });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("receipt.txt");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe("keyboard receipt #77");
});

test("attachments – a disallowed type is refused in the browser", async ({ page }) => {
  await open(page, server.url);
  await track(page, "Ticket ID", second.ticketId);
  await page
    .getByLabel("Choose a file to upload")
    .setInputFiles({ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "File type not allowed")).toBeVisible();
});

test("accessibility – an open ticket's detail has no serious or critical axe violations", async ({
  page,
}) => {
  await open(page, server.url);
  await track(page, "Ticket ID", first.ticketId);
  await expect(page.getByTestId("ticket-detail")).toBeVisible();
  await expect(page.getByText("Loading notes...")).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
});
