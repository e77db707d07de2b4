// Same-origin writes, headers and bad bodies on the real server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../app";
import type { Deps } from "../deps";
import { ADMIN, client, launch, ticketInput, type Server } from "./harness";
import { routeKeys } from "./matrix";

const UNSAFE = routeKeys(createApp({} as Deps).routes).filter((k) => !k.startsWith("GET "));
let srv: Server;
let api: ReturnType<typeof client>;
let admin: string;
const healthy = async () => (await fetch(`${srv.url}/healthz`)).status === 200;

beforeAll(async () => {
  srv = await launch({
    env: {
      RATE_LIMIT_PUBLIC_WRITES: "100000",
      RATE_LIMIT_PUBLIC_SEARCH: "100000",
      RATE_LIMIT_PUBLIC_READS: "100000",
    },
  });
  api = client(srv.url);
  admin = await api.login(ADMIN.email, ADMIN.password);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("cross-site writes", () => {
  test("every unsafe route refuses a foreign Origin and a cross-site fetch, whatever the content type", async () => {
    const leaks: string[] = [];
    const bodies: [string, BodyInit][] = [
      ["application/json", "{}"],
      ["application/x-www-form-urlencoded", "a=1"],
      ["text/plain", "{}"],
    ];
    for (const key of UNSAFE) {
      const [method, path] = key.split(" ") as [string, string];
      const url = path.replace(":kind", "departments").replace(":id", "1");
      for (const [type, body] of bodies) {
        const foreign = await api.req(url, {
          method,
          body,
          cookie: admin,
          origin: "http://127.0.0.2:9",
          headers: { "Content-Type": type },
        });
        const site = await api.req(url, {
          method,
          body,
          cookie: admin,
          origin: null,
          headers: { "Content-Type": type, "Sec-Fetch-Site": "cross-site" },
        });
        if (foreign.status !== 403) leaks.push(`${key} ${type} Origin: ${foreign.status}`);
        if (site.status !== 403) leaks.push(`${key} ${type} Sec-Fetch-Site: ${site.status}`);
      }
    }
    console.log(`cross-site writes: ${UNSAFE.length} unsafe routes × 3 content types × 2 cross-site signals`);
    expect(leaks).toEqual([]);
  });

  test("a cross-site GET to the sign-out link does not end the session", async () => {
    const cookie = await api.login(ADMIN.email, ADMIN.password);
    await api.req("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect((await api.req("/api/auth/user", { cookie })).status).toBe(200);
  });

  test("no CORS allowance is ever granted to another origin", async () => {
    const res = await api.req("/api/auth/user", {
      method: "OPTIONS",
      origin: "http://evil.test",
      headers: { "Access-Control-Request-Method": "PUT" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("headers", () => {
  const hardened = (res: Response) => {
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("strict-transport-security")).toBeNull(); // plain http: no HSTS
  };

  test("pages, JSON, 404s and errors all carry CSP, nosniff and a referrer policy", async () => {
    for (const path of [
      "/",
      "/login",
      "/admin",
      "/api/public/config/departments",
      "/api/nope",
      "/no-such-page",
      "/healthz",
    ])
      hardened(await api.req(path));
    hardened(await api.req("/api/tickets", { body: "{", headers: { "Content-Type": "application/json" } }));
  });

  test("behind a trusted HTTPS proxy: HSTS, and a Secure __Host- cookie; an untrusted X-Forwarded-Proto changes nothing", async () => {
    const proxied = await launch({ env: { TRUST_PROXY: "true" } });
    try {
      const res = await client(proxied.url).req("/api/login", {
        json: ADMIN,
        headers: { "X-Forwarded-Proto": "https" },
      });
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      const set = res.headers.getSetCookie().join("\n");
      expect(set).toMatch(/^__Host-sid=.*Secure/m);
    } finally {
      await proxied.stop();
    }
    const direct = await api.req("/api/login", { json: ADMIN, headers: { "X-Forwarded-Proto": "https" } });
    expect(direct.headers.get("strict-transport-security")).toBeNull();
    expect(direct.headers.getSetCookie().join("\n")).toMatch(/^sid=/m);
  }, 30_000);

  test("the page CSP allows no inline script", async () => {
    const csp = (await api.req("/")).headers.get("content-security-policy")!;
    const script = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(script).not.toContain("unsafe-inline");
    expect(script).not.toContain("unsafe-eval");
  });

  test("signed-in data is never cached", async () => {
    expect((await api.req("/api/auth/user", { cookie: admin })).headers.get("cache-control")).toContain(
      "no-store",
    );
  });

  test("errors carry no stack traces or SQL text", async () => {
    const res = await api.req("/api/tickets/abc/notes");
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toMatch(/at .*\.ts:\d+|SELECT|sqlite/i);
  });
});

describe("malformed bodies", () => {
  const cases: [string, BodyInit, Record<string, string>][] = [
    ["truncated JSON", '{"firstName": "Ja', { "Content-Type": "application/json" }],
    ["not JSON", "hello", { "Content-Type": "application/json" }],
    ["empty body", "", { "Content-Type": "application/json" }],
    ["JSON array", "[1,2,3]", { "Content-Type": "application/json" }],
    ["JSON null", "null", { "Content-Type": "application/json" }],
    ["JSON as text/plain", JSON.stringify(ticketInput()), { "Content-Type": "text/plain" }],
    ["no content type", JSON.stringify(ticketInput()), {}],
    ["10k-deep nesting", "[".repeat(10_000) + "]".repeat(10_000), { "Content-Type": "application/json" }],
    [
      "wrong types",
      JSON.stringify(ticketInput({ companyId: "1; DROP TABLE tickets", firstName: ["a"], email: null })),
      { "Content-Type": "application/json" },
    ],
    [
      "1 MB first name",
      JSON.stringify(ticketInput({ firstName: "x".repeat(1_000_000) })),
      { "Content-Type": "application/json" },
    ],
    [
      "prototype keys",
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "firstName": "a"}',
      { "Content-Type": "application/json" },
    ],
    ["duplicate keys", '{"email": "a@b.co", "email": {"$gt": ""}}', { "Content-Type": "application/json" }],
  ];
  for (const [name, body, headers] of cases)
    test(`${name} → a clear 4xx, never 500, and the server stays up`, async () => {
      for (const path of ["/api/tickets", "/api/login", "/api/tickets/search", "/api/tickets/1/notes"]) {
        const res = await api.req(path, { method: "POST", body, headers });
        const json = (await res.json()) as { message?: string };
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof json.message).toBe("string");
      }
      expect(await healthy()).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
});
