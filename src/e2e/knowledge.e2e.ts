import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, open, signIn, startServer, toast, type TestServer } from "./server";
import { PORTAL_ENV, createTicket, fillTicketForm } from "./portal-helpers";

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer(PORTAL_ENV);
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const res = await fetch(`${server.url}/api/admin/kb/articles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({
      title: "Scanner shows a paper jam",
      category: "Printing",
      status: "published",
      body: "Open the scanner lid and remove the sheet.",
    }),
  });
  if (res.status !== 201) throw new Error(`article: ${res.status} ${await res.text()}`);
});
test.afterAll(async () => server.stop());

const HOSTILE = [
  "Try **restarting** first.",
  "<script>window.__pwned = 1</script>",
  '<img src="x" onerror="window.__pwned = 2">',
  "[click me](javascript:window.__pwned=3)",
  '<a href="#" onclick="window.__pwned=4">link</a>',
].join("\n\n");

test("an admin publishes an article; a visitor typing a matching description sees it and says it solved it", async ({
  page,
  browser,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Articles", exact: true }).click();
  await page.getByRole("button", { name: "New article" }).click();
  const editor = page.getByRole("form", { name: "New article" });
  await editor.getByLabel("Title").fill("Renew an expired VPN token");
  await editor.getByLabel("Category").fill("Remote access");
  await editor.getByLabel("Status").selectOption("published");
  await editor.getByLabel("Body (Markdown)").fill(`Open the VPN app and choose Renew.\n\n${HOSTILE}`);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("restarting");
  await page.getByRole("button", { name: "Save article" }).click();
  await expect(toast(page, "Article saved: Renew an expired VPN token")).toBeVisible();
  await expect(page.getByRole("button", { name: "Renew an expired VPN token" })).toBeVisible();
  expect(
    await new AxeBuilder({ page })
      .include("[data-testid=knowledge-settings]")
      .analyze()
      .then((r) =>
        r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
      ),
  ).toEqual([]);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await open(visitor, server.url);
  await visitor.getByLabel("Description of Request").fill("My VPN token has expired since this morning");
  const suggestions = visitor.getByRole("region", { name: "These might help" });
  await expect(suggestions.getByRole("link", { name: "Renew an expired VPN token" })).toBeVisible();
  await suggestions.getByRole("button", { name: "This solved it" }).click();
  await visitor.waitForURL(/\/help\/renew-an-expired-vpn-token$/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Renew an expired VPN token" })).toBeVisible();
  await expect(visitor.locator("article strong")).toHaveText("restarting");
  // the hostile parts are inert: nothing ran, nothing to click that runs code
  expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await visitor.locator("article [onerror], article [onclick], article script").count()).toBe(0);
  expect(await visitor.locator('article a[href^="javascript"]').count()).toBe(0);
  for (const width of [1280, 390]) {
    await visitor.setViewportSize({ width, height: 900 });
    const axe = await new AxeBuilder({ page: visitor }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
  }
  await expect(visitor).toHaveTitle("Renew an expired VPN token – Help articles");
  await visitorContext.close();

  const stats = await page.request.get(`${server.url}/api/admin/kb/articles`);
  const { articles } = (await stats.json()) as { articles: { title: string; views: number }[] };
  expect(articles.find((a) => a.title === "Renew an expired VPN token")?.views).toBe(1);
});

test("the help pages work without scripts: index, search and article", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/help`);
  await expect(page.getByRole("heading", { level: 1, name: "Help articles" })).toBeVisible();
  await page.getByLabel("Search help articles").fill("scaner jam");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: "Scanner shows a paper jam" })).toBeVisible();
  await context.close();
});

test("a visitor who sends the form after seeing suggestions counts as a miss", async ({ page }) => {
  await open(page, server.url);
  await fillTicketForm(page);
  await page.getByLabel("Description of Request").fill("Scanner jam again on the second floor, please help");
  await expect(page.getByRole("region", { name: "These might help" }).getByRole("link")).toHaveCount(1);
  const missed = page.waitForRequest(
    (r) => r.url().endsWith("/api/help/deflections") && r.postData()?.includes("missed") === true,
  );
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await missed;
  await expect(page.getByTestId("confirmation-ticket-id")).toBeVisible();
});

test("an admin inserts an image into an article; staff link the article in a reply", async ({
  page,
  request,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Articles", exact: true }).click();
  await page.getByRole("button", { name: "New article" }).click();
  const editor = page.getByRole("form", { name: "New article" });
  await editor.getByLabel("Title").fill("Where the scanner's tray is");
  await editor.getByLabel("Body (Markdown)").fill("Tray two sits under the lid.");
  // one transparent pixel, as the file a person picks
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );
  await editor
    .getByLabel("Insert image")
    .setInputFiles({ name: "tray.png", mimeType: "image/png", buffer: png });
  await expect(editor.getByLabel("Body (Markdown)")).toHaveValue(
    /!\[tray\.png\]\(\/help\/images\/[0-9a-f]{32}\.png\)/,
  );

  const { ticketId } = await createTicket(request, server.url, {
    description: "The scanner jams on every page.",
  });
  await open(page, `${server.url}/admin?ticket=${ticketId}&view=list`);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Link an article" }).click();
  await dialog.getByLabel("Search help articles").fill("scanner jam");
  await expect(dialog.getByRole("listbox", { name: "Help articles" }).getByRole("option")).toHaveCount(1);
  await dialog.getByLabel("Search help articles").press("Enter");
  await expect(dialog.getByLabel("Reply to requester")).toHaveValue(
    `Scanner shows a paper jam: ${server.url}/help/scanner-shows-a-paper-jam`,
  );
});
