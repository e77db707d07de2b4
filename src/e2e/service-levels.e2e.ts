import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signIn, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";

let server: TestServer;
let breached: { id: number; ticketId: string };
let soon: { id: number; ticketId: string };
const HOUR = 3_600_000;
test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  breached = await createTicket(request, server.url, { description: "Printer on fire since yesterday" });
  soon = await createTicket(request, server.url, { description: "Toner running low this afternoon" });
  // Move the clocks as time would have: a second writer on the same database file (WAL allows it).
  const script = `import { Database } from "bun:sqlite";
    const db = new Database(process.argv[1]); db.exec("PRAGMA busy_timeout = 5000"); const now = Date.now();
    const set = db.query("UPDATE tickets SET first_response_due_at = ?, first_response_soon_at = ?, resolution_due_at = ?, resolution_soon_at = ? WHERE id = ?");
    set.run(now - 2 * ${HOUR}, now - 3 * ${HOUR}, now + 24 * ${HOUR}, now + 20 * ${HOUR}, ${breached.id});
    set.run(now + 30 * 60000 + 20000, now - 60000, now + 24 * ${HOUR}, now + 20 * ${HOUR}, ${soon.id});`;
  execFileSync(join(process.cwd(), "node_modules/.bin/bun"), [
    "-e",
    script,
    join(server.dataDir, "helpdesk.sqlite"),
  ]);
});
test.afterAll(async () => server.stop());
test.describe.configure({ mode: "serial", timeout: 120_000 });

test("a breached ticket shows its badge in Kanban, List and Grid; Breaching soon lists the due-soon one", async ({
  page,
}) => {
  await signIn(page, server.url);
  const views = page.getByRole("group", { name: "View" });
  for (const view of ["Kanban", "List", "Grid"]) {
    await views.getByRole("button", { name: view }).click();
    const badge = page.locator(`[data-due="breached"]`).first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/^Breached 2 hours$/);
    await expect(page.locator(`[data-due="due_soon"]`).first()).toHaveText(/^Due in 30 minutes$/);
  }
  const bar = page.getByRole("navigation", { name: "Views" });
  await expect(bar.getByRole("button", { name: /^Breaching soon/ })).toContainText("1");
  await bar.getByRole("button", { name: /^Breaching soon/ }).click();
  await expect(page.getByTestId("ticket-total")).toHaveText("(1)");
  await expect(page.locator('[data-due="due_soon"]')).toHaveCount(1);
  await expect(page.locator('[data-due="breached"]')).toHaveCount(0);
});
