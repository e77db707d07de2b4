import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../../src/http/env";
import { requireUser, requireUserPage } from "../../src/http/auth";
import { htmlAnswer } from "../../src/http/openapi/describe";

/** The reference's browser bundle, copied from @scalar/api-reference into public/build by the build. */
const SCALAR_BUNDLE = "/build/scalar-api-reference.js";

// Nothing is fetched from elsewhere: no web fonts, telemetry, AI agent or MCP service; requests go to this site.
const SCALAR_CONFIG = JSON.stringify({
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  persistAuth: false,
  hideClientButton: false,
  authentication: { preferredSecurityScheme: "bearerToken" },
});

/** The API description and its interactive reference, for signed-in users (session or API token). */
export const apiDocsApi = (describe: () => Promise<object>) =>
  new Hono<AppEnv>()
    .get("/openapi.json", requireUser, async (c) => c.json(await describe(), 200))
    .get("/docs", requireUserPage, htmlAnswer("The interactive API reference (an HTML page)"), (c) => {
      c.header("Cache-Control", "no-store");
      return c.html(
        html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference – Helpdesk</title>
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${SCALAR_CONFIG}"></script>
    <script src="${SCALAR_BUNDLE}?v=${c.get("deps").assetVersion}"></script>
  </body>
</html>`,
      );
    });
