// API tokens on the real server: a script elsewhere may write with a token, a page elsewhere still
// cannot write with the cookie, and a token never works as a cookie.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ADMIN, client, launch, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let cookie: string;
let token: string;
beforeAll(async () => {
  srv = await launch();
  api = client(srv.url);
  cookie = await api.confirm(await api.login(ADMIN.email, ADMIN.password), ADMIN.password);
  const res = await api.req("/api/auth/tokens", { cookie, json: { name: "hardening" } });
  token = (await res.json()).token;
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const EVIL = "https://evil.example";
const view = { name: "Mine", filters: {} };

test("a cookie-less token request from another origin writes; the cookie from there is refused", async () => {
  const auth = { Authorization: `Bearer ${token}` };
  const viaToken = await api.req("/api/admin/views", { origin: EVIL, headers: auth, json: view });
  const viaCookie = await api.req("/api/admin/views", { origin: EVIL, cookie, json: view });
  const crossSite = await api.req("/api/admin/views", {
    origin: EVIL,
    cookie,
    headers: { ...auth, "Sec-Fetch-Site": "cross-site" },
    json: view,
  });
  expect([viaToken.status, viaCookie.status, crossSite.status]).toEqual([201, 403, 403]);
});

test("a token sent as the session cookie is refused", async () => {
  expect((await api.req("/api/admin/tickets/stats", { cookie: `sid=${token}` })).status).toBe(401);
  expect(
    (await api.req("/api/admin/tickets/stats", { headers: { Authorization: `Bearer ${token}` } })).status,
  ).toBe(200);
});
