import { expect, test } from "@playwright/test";
import { ADMIN, open, startServer, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";
import { startOidcIssuer, type OidcIssuer } from "../testing/oidc-issuer";

let server: TestServer;
let issuer: OidcIssuer;
const none = { role: "staff", allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };

test.beforeAll(async ({ request }) => {
  server = await startServer(PORTAL_ENV);
  issuer = await startOidcIssuer({
    clients: [
      {
        clientId: "helpdesk",
        clientSecret: "e2e-secret",
        redirectUris: [`${server.url}/api/sso/oidc/acme/callback`],
      },
    ],
    accounts: [{ sub: "finance-1", email: "fin@example.com", name: "Fiona", groups: ["hd-finance"] }],
  });
  const headers = { Origin: server.url };
  expect((await request.post(`${server.url}/api/login`, { data: ADMIN, headers })).status()).toBe(200);
  const settings = {
    providers: [
      {
        id: "acme",
        label: "Acme ID",
        issuer: issuer.issuer,
        clientId: "helpdesk",
        clientSecret: "e2e-secret",
        scopes: "openid email profile groups",
        createUsers: true,
        groupRules: [{ ...none, group: "hd-finance", allowedDepartments: ["Finance"] }],
      },
    ],
  };
  expect((await request.put(`${server.url}/api/admin/sso`, { data: settings, headers })).status()).toBe(200);
  await createTicket(request, server.url, {
    department: "Finance",
    description: "Finance ticket for the SSO user",
  });
  await createTicket(request, server.url, {
    department: "IT",
    description: "IT ticket out of the SSO user's scope",
  });
});
test.afterAll(async () => {
  await server.stop();
  await issuer.stop();
});

test("sign in through the provider's own login page lands in the queue with the mapped scope", async ({
  page,
}) => {
  await open(page, `${server.url}/login`);
  await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill("finance-1");
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.url}/admin`);
  await page.waitForSelector("body[data-hydrated]");
  await page.getByRole("button", { name: "List", exact: true }).click();
  await expect(page.getByText("Finance ticket for the SSO user")).toBeVisible();
  await expect(page.getByText("IT ticket out of the SSO user's scope")).toHaveCount(0);
});

test("a failed sign-in comes back to the login page with a message", async ({ page }) => {
  await page.goto(`${server.url}/api/sso/oidc/acme/callback?state=forged&code=x`);
  await page.waitForSelector("body[data-hydrated]");
  await expect(page.getByText("Single sign-on failed. Please try again.")).toBeVisible();
});
