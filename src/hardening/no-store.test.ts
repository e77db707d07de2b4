// Signed-in answers are never stored by a browser or a shared cache: every admin GET route, walked from the route table.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../app";
import type { Deps } from "../deps";
import { ADMIN, addUser, client, launch, ticketInput, type Server } from "./harness";
import { routeKeys } from "./matrix";

const routes = routeKeys(createApp({} as Deps).routes);
let srv: Server;
let api: ReturnType<typeof client>;
let admin: string;
let ticketId: number;
let userId: number;

beforeAll(async () => {
  srv = await launch();
  api = client(srv.url);
  ticketId = ((await (await api.req("/api/tickets", { json: ticketInput() })).json()) as { id: number }).id;
  userId = await addUser(srv.dataDir, { email: "someone@example.com" });
  admin = await api.login(ADMIN.email, ADMIN.password);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const concrete = (path: string) =>
  path
    .replace(":kind", "departments")
    .replace(":id", String(path.startsWith("/api/admin/users") ? userId : ticketId));

describe("Cache-Control: no-store", () => {
  test("every admin GET route answers no-store to a signed-in admin", async () => {
    const admins = routes.filter((r) => r.startsWith("GET /api/admin"));
    expect(admins.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const key of admins) {
      const res = await api.req(concrete(key.slice(4)), { cookie: admin });
      const cache = res.headers.get("cache-control") ?? "";
      if (!/\bno-store\b/.test(cache)) missing.push(`${key} → ${res.status} "${cache}"`);
      await res.body?.cancel(); // the headers are what counts; the event stream never ends by itself
    }
    console.log(`no-store: ${admins.length} admin GET routes walked, ${missing.length} without it`);
    expect(missing).toEqual([]);
  }, 60_000);

  test("public routes answered to a signed-in user, sign-in itself and the profile are no-store too", async () => {
    const paths = [`/api/tickets/${ticketId}/notes`, "/api/public/config/departments", "/api/auth/user"];
    for (const path of paths)
      expect((await api.req(path, { cookie: admin })).headers.get("cache-control")).toContain("no-store");
    const login = await api.req("/api/login", { json: ADMIN });
    expect(login.headers.get("cache-control")).toContain("no-store");
  });

  test("built assets keep their long cache for signed-in users", async () => {
    const res = await api.req("/robots.txt", { cookie: admin });
    expect(res.headers.get("cache-control")).not.toContain("no-store");
  });
});
