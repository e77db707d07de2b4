import { Hono, type Context } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { writeCtx } from "../../src/http/write-ctx";
import { requireAdmin, setSessionCookie } from "../../src/http/auth";
import { redirectAnswer } from "../../src/http/openapi/describe";
import { toUserDto } from "../../src/users/users.dto";
import { twoFactorRequired } from "../../src/settings/two-factor-policy";
import { ldapLoginSchema, ssoSettingsSchema } from "../../src/shared/schemas/sso";
import { SsoFailure } from "../../src/auth/sso/sso-failure";
import { readSsoSettings, saveSsoSettings, ssoSettingsView } from "../../src/auth/sso/sso-settings";
import {
  directoryPasswordSignIn,
  finishProviderSignIn,
  signInOptions,
  startProviderSignIn,
} from "../../src/auth/sso/sso-sign-in.service";
import { publicUrlOf } from "../../src/settings/public-address";

const FLOW_COOKIE = "sso_flow";
const providerParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) });

const baseUrl = (c: Context<AppEnv>) => publicUrlOf(c.get("deps")) ?? new URL(c.req.url).origin;
const callbackOf = (c: Context<AppEnv>, id: string) =>
  new URL(`/api/sso/oidc/${id}/callback`, baseUrl(c)).href;
const secure = (c: Context<AppEnv>) => new URL(baseUrl(c)).protocol === "https:";

/** Sign-in through OpenID Connect providers and the directory; the sign-in page's options. */
export const ssoApi = new Hono<AppEnv>()
  .get("/options", (c) => c.json(signInOptions({ deps: c.get("deps") }), 200))
  .get(
    "/oidc/:id/start",
    redirectAnswer("Sends the browser to the provider's sign-in page"),
    validate("param", providerParam),
    async (c) => {
      const id = c.req.valid("param").id;
      const flow = await startProviderSignIn({
        ...writeCtx(c),
        providerId: id,
        redirectUri: callbackOf(c, id),
      });
      const cookie = {
        httpOnly: true,
        sameSite: "Lax" as const,
        secure: secure(c),
        path: "/api/sso/",
        maxAge: 600,
      };
      setCookie(c, FLOW_COOKIE, flow.cookie, cookie);
      c.header("Cache-Control", "no-store");
      return c.redirect(flow.url, 302);
    },
  )
  .get(
    "/oidc/:id/callback",
    redirectAnswer("Signs in and sends the browser on"),
    validate("param", providerParam),
    async (c) => {
      const id = c.req.valid("param").id;
      const callbackUrl = new URL(`${callbackOf(c, id)}${new URL(c.req.url).search}`);
      const flowCookie = getCookie(c, FLOW_COOKIE);
      deleteCookie(c, FLOW_COOKIE, { path: "/api/sso/", secure: secure(c) });
      c.header("Cache-Control", "no-store");
      try {
        const r = await finishProviderSignIn({
          ...writeCtx(c),
          providerId: id,
          callbackUrl,
          flowCookie,
          oldSid: c.get("sessionId"),
        });
        if ("challenge" in r) return c.redirect(`/login#challenge=${r.challenge}`, 302);
        setSessionCookie(c, r.token, r.expire);
        return c.redirect("/admin", 302);
      } catch (err) {
        if (err instanceof SsoFailure) return c.redirect(`/login?sso_error=${err.reason}`, 302);
        throw err;
      }
    },
  )
  .post("/ldap/login", validate("json", ldapLoginSchema), async (c) => {
    const r = await directoryPasswordSignIn({
      ...writeCtx(c),
      ...c.req.valid("json"),
      oldSid: c.get("sessionId"),
    });
    if ("challenge" in r)
      return c.json(
        { twoFactorRequired: true as const, challenge: r.challenge, expiresAt: r.expiresAt.toISOString() },
        200,
      );
    setSessionCookie(c, r.token, r.expire);
    return c.json(toUserDto(r.user, twoFactorRequired(c.get("deps").db)), 200);
  });

/** Settings → Sign-in: providers, the directory and the password rule; secrets are write-only. */
export const adminSsoApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", (c) => c.json(ssoSettingsView(readSsoSettings(c.get("deps").db)), 200))
  .put("/", validate("json", ssoSettingsSchema), (c) => {
    const { deps, actor, now } = writeCtx(c);
    const settings = c.req.valid("json");
    const view = deps.db.transaction(
      (tx) => saveSsoSettings(tx, { box: deps.secrets, actor, now, settings }),
      {
        behavior: "immediate",
      },
    );
    return c.json(view, 200);
  });
