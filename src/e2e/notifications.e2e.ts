import { expect, test, type Browser } from "@playwright/test";
import { ADMIN, signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
const ALEX = { email: "alex@example.com", password: "alex-password" };
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  const login = await request.post(`${server.url}/api/login`, {
    data: ADMIN,
    headers: { Origin: server.url },
  });
  expect(login.status()).toBe(200);
  const res = await request.post(`${server.url}/api/admin/users`, {
    data: { ...ALEX, firstName: "Alex", lastName: "Kim", canViewAllTickets: true },
    headers: { Origin: server.url },
  });
  expect(res.status()).toBe(201);
});
test.afterAll(async () => server.stop());
test.setTimeout(150_000); // two signed-in browsers on a shared machine

const signedIn = async (browser: Browser, user: typeof ADMIN) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, server.url, user);
  return page;
};

test("mentions – the admin mentions Alex in a note and Alex's bell count rises live", async ({ browser }) => {
  const t = await createTicket((await browser.newContext()).request, server.url, {
    description: "Mention someone about me.",
  });
  const alex = await signedIn(browser, ALEX);
  await expect(alex.getByRole("button", { name: "Notifications" })).toBeVisible();
  await expect(alex.getByTestId("bell-count")).toHaveCount(0);
  const admin = await signedIn(browser, ADMIN);
  await admin
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Internal note" }).click();
  await dialog.getByLabel("Internal note", { exact: true }).fill("Could you look, @Al");
  await dialog
    .getByRole("list", { name: "Mention a colleague" })
    .getByRole("button", { name: "@Alex Kim" })
    .click();
  await expect(dialog.getByLabel("Internal note", { exact: true })).toHaveValue("Could you look, @Alex Kim ");
  await dialog.getByLabel("Time spent (minutes)").fill("20");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog.getByTestId("time-spent-total")).toHaveText("Total: 0h 20m");
  await expect(alex.getByTestId("bell-count")).toHaveText("1", { timeout: 5000 });
  await alex.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await expect(alex.getByText(`${t.ticketId}: You were mentioned by Admin`)).toBeVisible();
});
