import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, open, signIn, startServer, type TestServer } from "./server";
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
test.describe.configure({ mode: "serial" });
test.setTimeout(150_000); // two signed-in browsers on a shared machine

const column = (page: Page, status: string) => page.locator(`[data-column="${status}"]`);
const signedIn = async (browser: Browser, user: typeof ADMIN) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, server.url, user);
  return page;
};

test("live board – a card Alex drags moves on the admin's board within a second, without a reload", async ({
  browser,
}) => {
  const t = await createTicket((await browser.newContext()).request, server.url, {
    description: "Move me live.",
  });
  const a = await signedIn(browser, ALEX);
  const b = await signedIn(browser, ADMIN);
  await expect(column(b, "open").locator(`[data-id="${t.id}"]`)).toBeVisible();
  await column(a, "open").getByLabel(`Move ticket ${t.ticketId} to`).selectOption("in_progress");
  await expect(column(b, "in_progress").locator(`[data-id="${t.id}"]`)).toBeVisible({ timeout: 1000 });
  // it arrives animated on the other board, not on the board of the one who moved it
  await expect(column(b, "in_progress").locator(`[data-id="${t.id}"]`)).toHaveAttribute(
    "data-arrived",
    "live",
  );
  await expect(column(a, "in_progress").locator(`[data-id="${t.id}"]`)).not.toHaveAttribute("data-arrived");
});

test("live board – a change from a stale dialog is refused with who changed it, and can be applied again", async ({
  browser,
}) => {
  const t = await createTicket((await browser.newContext()).request, server.url, {
    description: "Stale view of me.",
  });
  const a = await signedIn(browser, ALEX);
  const b = await (await browser.newContext()).newPage();
  await b.route("**/api/admin/events", (r) => r.abort()); // B sees no live updates: its view goes stale
  await signIn(b, server.url, ADMIN);
  await b
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  const dialog = b.getByRole("dialog");
  await expect(dialog.getByText("Stale view of me.")).toBeVisible();
  await column(a, "open").getByLabel(`Move ticket ${t.ticketId} to`).selectOption("completed");
  await expect(column(a, "completed").locator(`[data-id="${t.id}"]`)).toBeVisible();
  await dialog.getByLabel("Priority").selectOption("urgent");
  await expect(dialog.getByRole("alert")).toContainText("Changed by Alex Kim");
  await expect(dialog.getByRole("alert")).toContainText("your change was not saved");
  await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("completed");
  await dialog.getByRole("button", { name: "Apply my change again" }).click();
  await expect(dialog.getByLabel("Priority")).toHaveValue("urgent");
});

test("live board – the dialog shows who else has the ticket open", async ({ browser }) => {
  const t = await createTicket((await browser.newContext()).request, server.url, {
    description: "Watch me closely.",
  });
  const a = await signedIn(browser, ALEX);
  const b = await signedIn(browser, ADMIN);
  await b
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  await a
    .getByRole("button", { name: `View ticket ${t.ticketId}` })
    .first()
    .click();
  await expect(b.getByRole("dialog").getByTestId("viewers")).toHaveText("Alex Kim is viewing this ticket");
  await a.keyboard.press("Escape");
  await expect(b.getByRole("dialog").getByTestId("viewers")).toBeHidden();
  void open;
});
