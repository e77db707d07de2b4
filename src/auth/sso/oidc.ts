import * as client from "openid-client";
import { createRemoteJWKSet } from "jose";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors/domain-error";
import { SsoFailure } from "./sso-failure";
import { sha256Hex } from "../sha256";
import { verifyIdToken, type KeySet } from "./id-token";
import type { OidcProvider } from "./sso-settings";
import type { ExternalIdentity } from "./external-sign-in";

const DISCOVERY_TTL_MS = 60 * 60_000;
const FLOW_TTL_MS = 10 * 60_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

type Discovered = { config: client.Configuration; keys: KeySet };

/** Discovery and the key set, kept an hour per provider; plain http only for a provider on this machine. */
async function discover(deps: Deps, p: OidcProvider): Promise<Discovered> {
  // A changed secret (or issuer, or client) must not keep using the configuration made with the old one.
  const key = `oidc:${p.id}:${sha256Hex(`${p.issuer}\n${p.clientId}\n${p.clientSecret}`)}`;
  const hit = deps.cache.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as Discovered;
  const issuer = new URL(p.issuer);
  const insecure = issuer.protocol === "http:";
  if (insecure && !LOOPBACK.has(issuer.hostname)) throw badRequest("The issuer URL must use https");
  let config: client.Configuration;
  try {
    config = await client.discovery(issuer, p.clientId, p.clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch {
    throw new SsoFailure("provider_unreachable");
  }
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw new SsoFailure("provider_unreachable");
  const value = { config, keys: createRemoteJWKSet(new URL(jwksUri)) };
  deps.cache.set(key, { value, expiresAt: Date.now() + DISCOVERY_TTL_MS });
  return value;
}

/** What the browser keeps between leaving for the provider and coming back, sealed in a cookie. */
type Flow = { p: string; s: string; n: string; v: string; e: number };

/** The provider's sign-in URL (PKCE, state, nonce) and the sealed flow cookie that must come back with it. */
export async function startOidc(deps: Deps, p: OidcProvider, redirectUri: string, now: Date) {
  const { config } = await discover(deps, p);
  const flow: Flow = {
    p: p.id,
    s: client.randomState(),
    n: client.randomNonce(),
    v: client.randomPKCECodeVerifier(),
    e: now.getTime() + FLOW_TTL_MS,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: p.scopes.includes("openid") ? p.scopes : `openid ${p.scopes}`,
    code_challenge: await client.calculatePKCECodeChallenge(flow.v),
    code_challenge_method: "S256",
    state: flow.s,
    nonce: flow.n,
  });
  return { url: url.href, cookie: deps.secrets.seal(JSON.stringify(flow)) };
}

function openFlow(deps: Deps, sealed: string | undefined, providerId: string, now: Date): Flow {
  let flow: Flow;
  try {
    flow = JSON.parse(deps.secrets.open(sealed ?? "")) as Flow;
  } catch {
    throw new SsoFailure("state_mismatch");
  }
  if (flow.p !== providerId) throw new SsoFailure("state_mismatch");
  if (flow.e < now.getTime()) throw new SsoFailure("flow_expired");
  return flow;
}

/** Redeems the code of the provider's answer and returns who it vouches for, every check passed. */
export async function finishOidc(
  deps: Deps,
  p: OidcProvider,
  input: { callbackUrl: URL; flowCookie?: string; now: Date },
): Promise<ExternalIdentity> {
  const flow = openFlow(deps, input.flowCookie, p.id, input.now);
  const params = input.callbackUrl.searchParams;
  if (params.get("state") !== flow.s) throw new SsoFailure("state_mismatch");
  if (params.has("error")) throw new SsoFailure("provider_refused");
  const { config, keys } = await discover(deps, p);
  let idToken: string | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: flow.v,
      expectedState: flow.s,
      expectedNonce: flow.n,
      idTokenExpected: true,
    });
    idToken = tokens.id_token;
  } catch (err) {
    if (err instanceof client.ResponseBodyError) throw new SsoFailure("code_rejected");
    throw new SsoFailure("token_invalid");
  }
  if (!idToken) throw new SsoFailure("token_invalid");
  const claims = await verifyIdToken(idToken, {
    keys,
    issuer: config.serverMetadata().issuer,
    audience: p.clientId,
    nonce: flow.n,
    now: input.now,
  });
  return identityOf(p, claims);
}

const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);

function identityOf(p: OidcProvider, claims: Record<string, unknown>): ExternalIdentity {
  const groups = claims[p.groupsClaim];
  return {
    provider: `oidc:${p.id}`,
    subject: String(claims.sub),
    email: text(claims.email) ?? null,
    // Some providers send "true" as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: text(claims.given_name) ?? text(claims.name),
    lastName: text(claims.family_name),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === "string") : [],
  };
}
