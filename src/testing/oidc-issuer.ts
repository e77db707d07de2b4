/**
 * A real OpenID Connect provider for tests (the `oidc-provider` package) on 127.0.0.1 and a free port, with
 * its built-in login page (any password is accepted for a listed account), consent granted automatically,
 * PKCE required and a fresh RSA signing key. Runs under Bun (bun test) and Node (Playwright) alike.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";

export type IssuerAccount = {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
};
export type IssuerClient = { clientId: string; clientSecret: string; redirectUris: string[] };
export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;

const listen = (server: Server) =>
  new Promise<number>((ok) =>
    server.listen(0, "127.0.0.1", () => ok((server.address() as AddressInfo).port)),
  );

export async function startOidcIssuer(opts: { clients: IssuerClient[]; accounts: IssuerAccount[] }) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-cookie-key"] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
      groups: ["groups"],
    },
    // Scope claims go into the ID token, so the app needs no userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: a.email,
          email_verified: a.emailVerified ?? true,
          name: a.name,
          groups: a.groups ?? [],
        }),
      };
    },
    loadExistingGrant: async (ctx) => {
      const { Grant } = ctx.oidc.provider;
      const clientId = ctx.oidc.client!.clientId;
      const accountId = ctx.oidc.session!.accountId!;
      const grant = new Grant({ clientId, accountId });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    /** Signs any claims with the issuer's own key, for tokens a real provider would never issue. */
    sign: (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(privateKey),
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
    setAccount: (a: IssuerAccount) => accounts.set(a.sub, a),
  };
}
