import { expect, test } from "@playwright/test";
import { open, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
const made: { id: number; ticketId: string }[] = [];
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  for (const description of ["Printer on floor two jams", "Laptop will not start", "Printer toner is empty"])
    made.push(await createTicket(request, server.url, { description }));
});
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("tags – tag two tickets from the dialog, then filter the queue by one tag and by both", async ({
  page,
}) => {
  await signIn(page, server.url);
  const tag = async (t: { ticketId: string }, names: string[]) => {
    await open(page, `${server.url}/admin?view=list&ticket=${t.ticketId}`);
    const dialog = page.getByRole("dialog");
    for (const name of names) {
      await dialog.getByLabel("Tags").fill(name);
      await dialog.getByLabel("Tags").press("Enter");
      await expect(dialog.getByTestId("tags")).toContainText(new RegExp(name, "i"));
    }
    await page.keyboard.press("Escape");
  };
  await tag(made[0]!, ["printer", "vip"]);
  await tag(made[2]!, ["Printer"]); // the existing tag, whatever the case
  const rows = page.locator("[data-ticket-row]");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Printer on floor two jams" }).getByTestId("tags")).toHaveText(
    /printer.*vip/,
  );
  await open(page, `${server.url}/admin?view=list&tags=printer`);
  await expect(rows).toHaveCount(2);
  await open(page, `${server.url}/admin?view=list&tags=printer,vip&tagsMode=all`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Printer on floor two jams");
});
