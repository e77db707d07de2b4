import { expect, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
let ticket: { id: number; ticketId: string };
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  ticket = await createTicket(request, server.url, { description: "The printer jams" });
});
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("saved replies – save one with placeholders in Settings, insert it with / into a reply, send it", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Saved replies" }).click();
  await page.getByRole("button", { name: "New saved reply" }).click();
  await page.getByLabel("Title").fill("Printer fixed");
  await page.getByLabel("Text", { exact: true }).fill("Hello {{requester.firstname}}");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Unknown placeholder: {{requester.firstname}}");
  await page
    .getByLabel("Text", { exact: true })
    .fill("Hello {{requester.firstName}}, {{ticket.id}} works again.");
  await page.getByLabel("Tags to add when used").fill("printer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("saved-reply-row")).toContainText("Printer fixed");

  await open(page, `${server.url}/admin?view=list&ticket=${ticket.ticketId}`);
  const dialog = page.getByRole("dialog");
  const box = dialog.getByLabel("Reply to requester");
  await box.fill("Thanks for waiting.\n");
  await box.press("End");
  await box.press("/");
  await dialog.getByLabel("Search saved replies").fill("printer");
  await expect(dialog.getByRole("listbox", { name: "Saved replies" }).getByRole("option")).toHaveCount(1);
  await dialog.getByLabel("Search saved replies").press("Enter");
  await expect(box).toHaveValue(`Thanks for waiting.\nHello Jane, ${ticket.ticketId} works again.`);
  await expect(dialog.getByTestId("tags")).toContainText("printer"); // the reply's tag, added on use
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByTestId("detail-notes")).toContainText(
    `Hello Jane, ${ticket.ticketId} works again.`,
  );
});
