import { expect, test } from "@playwright/test";
import { ADMIN, signIn, startServer, type TestServer } from "./server";

const SAM = { email: "sam@example.com", password: "sam-password-1", role: "staff" };

let server: TestServer;
test.beforeAll(async ({ request }) => {
  server = await startServer();
  const headers = { Origin: server.url };
  expect((await request.post(`${server.url}/api/login`, { data: ADMIN, headers })).status()).toBe(200);
  const res = await request.post(`${server.url}/api/admin/users`, {
    data: { ...SAM, firstName: "Sam", lastName: "Lee", canViewAllTickets: true },
    headers,
  });
  expect(res.status()).toBe(201);
});
test.afterAll(async () => server.stop());

test("staff without settings rights see no Settings tab, and the page is called Tickets", async ({
  page,
}) => {
  await signIn(page, server.url, SAM);
  await expect(page).toHaveTitle("Tickets – Helpdesk");
  await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveCount(0);
});
