import { expect, test } from "@playwright/test";
import { open, signIn, startServer, toast, type TestServer } from "./server";
import { createTicket, PORTAL_ENV } from "./portal-helpers";
import { startOidcIssuer, type OidcIssuer } from "../testing/oidc-issuer";

let server: TestServer;
let issuer: OidcIssuer;
test.describe.configure({ mode: "serial" });

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

test("an admin adds the provider in Settings → Sign-in; the secret is stored, never shown", async ({
  page,
}) => {
  await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Sign-in", exact: true }).click();
  await page.getByRole("button", { name: "Add OpenID Connect provider" }).click();
  const form = page.getByTestId("sso-provider");
  await form.getByLabel("Button label").fill("Acme ID");
  await form.getByLabel("Provider id").fill("acme");
  await form.getByLabel("Issuer URL").fill(issuer.issuer);
  await form.getByLabel("Client id").fill("helpdesk");
  await form.getByLabel("Client secret").fill("e2e-secret");
  await form.getByLabel("Scopes").fill("openid email profile groups");
  await form.getByLabel("Create an account at first sign-in").check();
  await form.getByLabel(/Group rules/).fill("hd-finance = Finance");
  await page.getByRole("button", { name: "Save sign-in settings" }).click();
  await expect(toast(page, "Sign-in settings saved")).toBeVisible();
  await expect(form.getByLabel("Client secret")).toHaveValue("");
  await expect(form.getByLabel("Client secret")).toHaveAttribute("placeholder", "Stored; type to replace");
  await page.goto(`${server.url}/api/logout`);
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
