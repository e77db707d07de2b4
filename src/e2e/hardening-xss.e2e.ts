// In Chromium: stored payloads stay text, uploads never run, a foreign page cannot write.
import { expect, test, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { ADMIN, open, signIn, startServer, type TestServer } from "./server";
import { PORTAL_ENV, createTicket, track } from "./portal-helpers";

const PROBE = "/__xss_probe";
/** Each payload calls the sentinel or loads the probe if it ever runs. */
const PAYLOADS = [
  `<img src=x onerror="window.__xss=1">`,
  `"><svg onload="window.__xss=1">`,
  `javascript:window.__xss=1`,
  `</script><script>window.__xss=1</script>`,
  `{{constructor.constructor('window.__xss=1')()}}`,
  `<div style="background:url(${PROBE})">x</div>`,
  `'"--></style></textarea><img src="${PROBE}" onerror="window.__xss=1">`,
];
const ALL = PAYLOADS.join(" ");

let server: TestServer;
let ticket: { id: number; ticketId: string };
let probeHits = 0;

/** Records sentinel, probe requests and CSP violations for one page. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
      ),
    );
  });
  page.on("request", (r) => {
    if (r.url().includes(PROBE)) probeHits++;
  });
}
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // Injected markup would be blocked as "inline"; zod's own feature probe (`new Function`) shows as "eval" and is harmless.
  expect(
    await page.evaluate(() =>
      (window as unknown as { __csp: string[] }).__csp.filter(
        (d) => d.startsWith("script") && d.includes(" inline "),
      ),
    ),
  ).toEqual([]);
  expect(probeHits).toBe(0);
}

test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  // A ticket's company is chosen from the list by id, so the payload company joins the list first.
  const login = await request.post(`${server.url}/api/login`, { data: ADMIN });
  expect(login.status()).toBe(200);
  const co = await request.post(`${server.url}/api/admin/config/companies`, { data: { name: PAYLOADS[3] } });
  expect(co.status()).toBe(201);
  await request.post(`${server.url}/api/logout`);
  ticket = await createTicket(request, server.url, {
    firstName: PAYLOADS[0],
    lastName: PAYLOADS[1],
    location: PAYLOADS[2],
    companyName: PAYLOADS[3],
    companyId: ((await co.json()) as { id: number }).id,
    description: `Payload description ${ALL}`,
  });
  const note = await request.post(`${server.url}/api/tickets/${ticket.id}/notes`, {
    data: { note: `Note ${ALL}`, userName: PAYLOADS[6], userEmail: "x@example.com" },
  });
  expect(note.status()).toBe(201);
  const up = await request.post(`${server.url}/api/tickets/upload`, {
    multipart: {
      ticketId: String(ticket.id),
      files: {
        name: `${PAYLOADS[1]}.txt`,
        mimeType: "text/html",
        buffer: Buffer.from(`<script>window.__xss=1</script><img src="${PROBE}">`),
      },
    },
  });
  expect(up.status()).toBe(201);
});
test.afterAll(async () => server.stop());

test("stored XSS – payloads in every public field show as text on the ticket page and nothing runs", async ({
  page,
}) => {
  await watch(page);
  await open(page, server.url);
  await track(page, "Ticket ID", ticket.ticketId);
  const detail = page.getByTestId("ticket-detail");
  await expect(detail.getByText(`Payload description ${ALL}`)).toBeVisible();
  await expect(detail.getByText(`Note ${ALL}`)).toBeVisible();
  await expect(detail.getByText(/svg onload=.*\.txt/).first()).toBeVisible(); // display name sanitised, still text
  await expectInert(page);
});

test("stored XSS – Kanban, List, Grid, the detail dialog and every settings list show payloads as text", async ({
  page,
}) => {
  await watch(page);
  await signIn(page, server.url);
  // Payloads in the admin-only texts too: a department, an e-mail rule (and so the audit trail).
  const dept = await page.request.post(`${server.url}/api/admin/config/departments`, {
    headers: { Origin: server.url },
    data: { name: `Dept ${PAYLOADS[0]}`, position: 99 },
  });
  expect([201, 400]).toContain(dept.status());
  const rule = await page.request.post(`${server.url}/api/admin/config/email-routing`, {
    headers: { Origin: server.url },
    data: {
      name: `Rule ${PAYLOADS[1]}`,
      emailAddresses: "desk@example.com",
      conditionType: "all",
      isActive: true,
    },
  });
  expect(rule.status()).toBe(201);
  const views = page.getByRole("group", { name: "View" });
  for (const view of ["Kanban", "List", "Grid"]) {
    await views.getByRole("button", { name: view }).click();
    await expect(page.getByRole("button", { name: `View ticket ${ticket.ticketId}` }).first()).toBeVisible();
    await expectInert(page);
  }
  await page
    .getByRole("button", { name: `View ticket ${ticket.ticketId}` })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText(`Payload description ${ALL}`)).toBeVisible();
  await expectInert(page);
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Settings" }).click();
  for (const tab of ["Users", "Dept", "Email", "Audit"]) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await page.waitForLoadState("networkidle");
    await expectInert(page);
  }
  await page.getByRole("tab", { name: "Email", exact: true }).click();
  await expect(page.getByText(`Rule ${PAYLOADS[1]}`)).toBeVisible();
  await expectInert(page);
});

test("uploads – an HTML file opened in a tab downloads instead of running", async ({ page, context }) => {
  await watch(page);
  await open(page, server.url);
  const list = await (await page.request.get(`${server.url}/api/tickets/${ticket.id}/attachments`)).json();
  const url = `${server.url}/api/attachments/${list[0].id}/download`;
  const res = await page.request.get(url);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment;/);
  const tab = await context.newPage();
  tab.on("request", (r) => {
    if (r.url().includes(PROBE)) probeHits++;
  });
  const download = tab.waitForEvent("download", { timeout: 10_000 });
  await tab.goto(url).catch(() => {}); // a download aborts the navigation
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);
  expect(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(probeHits).toBe(0);
});

test("cross-site – an attacker page on another origin cannot change data with a signed-in admin's cookie", async ({
  page,
}) => {
  // The attacker's origin: 127.0.0.2 is a different site from 127.0.0.1 for the browser.
  const evil: Server = createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end(`<form id=f method=POST action="${server.url}/api/tickets" enctype="text/plain"><input name='{"a":"' value='"}'></form>
      <script>fetch("${server.url}/api/admin/users", {method:"POST", credentials:"include", headers:{"Content-Type":"application/json"}, body:JSON.stringify({email:"evil@x.co",firstName:"E",lastName:"V",password:"pwned123",role:"admin"})}).catch(()=>{}).finally(()=>f.submit())</script>`);
  });
  await new Promise<void>((r) => evil.listen(0, "127.0.0.2", r));
  try {
    await signIn(page, server.url);
    const answers: number[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(server.url) && r.request().method() === "POST") answers.push(r.status());
    });
    await page.goto(`http://127.0.0.2:${(evil.address() as { port: number }).port}/`);
    await page.waitForTimeout(1500);
    const users = await (await page.request.get(`${server.url}/api/admin/users`)).text();
    expect(users).not.toContain("evil@x.co");
    expect(answers.every((s) => s === 403)).toBe(true);
  } finally {
    evil.close();
  }
});
