// Client addresses behind a proxy: the client cannot choose its own, and IPv6 clients cannot rotate out of limits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, client, launch, openDb, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
const SEARCH_LIMIT = 30; // RATE_LIMIT_PUBLIC_SEARCH default

const search = (forwardedFor: string) =>
  api.req("/api/tickets/search", {
    json: { type: "ticketId", query: "WI-2020-001" },
    headers: { "X-Forwarded-For": forwardedFor },
  });

/** Statuses of `n` searches, the i-th sent with `header(i)` as X-Forwarded-For. */
const searches = async (n: number, header: (i: number) => string) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await search(header(i))).status);
  return out;
};

/** The address the audit log recorded for the latest sign-in of the admin. */
function lastLoginIp(dataDir: string) {
  const db = openDb(dataDir);
  const row = db
    .query("SELECT ip_address AS ip FROM audit_logs WHERE action = 'login' ORDER BY id DESC LIMIT 1")
    .get() as { ip: string };
  db.close();
  return row.ip;
}

beforeAll(async () => {
  srv = await launch({ env: { TRUST_PROXY: "true" } });
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("X-Forwarded-For behind a trusted proxy", () => {
  test("a client-chosen first entry does not give a fresh budget: the proxy's own entry counts", async () => {
    const statuses = await searches(60, (i) => `10.9.0.${i}, 203.0.113.50`);
    console.log(
      `60 searches with rotating first X-Forwarded-For entries: ${statuses.filter((s) => s === 429).length} × 429`,
    );
    expect(statuses.slice(0, SEARCH_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SEARCH_LIMIT).every((s) => s === 429)).toBe(true);
  }, 30_000);

  test("the audit log records the address the proxy appended, not the one the client wrote", async () => {
    await api.login(ADMIN.email, ADMIN.password, { "X-Forwarded-For": "6.6.6.6, 203.0.113.51" });
    expect(lastLoginIp(srv.dataDir)).toBe("203.0.113.51");
  });

  test("a malformed entry falls back to the socket address", async () => {
    await api.login(ADMIN.email, ADMIN.password, { "X-Forwarded-For": "203.0.113.52, not-an-address" });
    expect(lastLoginIp(srv.dataDir)).toBe("127.0.0.1");
  });
});

describe("IPv6 clients", () => {
  test("addresses of one /64 share one budget; another /64 has its own", async () => {
    const statuses = await searches(40, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    console.log(
      `40 searches from 40 addresses of one IPv6 /64: ${statuses.filter((s) => s === 429).length} × 429`,
    );
    expect(statuses.slice(SEARCH_LIMIT).every((s) => s === 429)).toBe(true);
    expect((await search("2001:db8:1:3::1")).status).toBe(200);
  }, 30_000);

  test("an IPv4-mapped IPv6 address counts as the IPv4 address", async () => {
    const statuses = await searches(40, (i) => (i % 2 ? "198.51.100.7" : "::ffff:198.51.100.7"));
    expect(statuses.slice(SEARCH_LIMIT).every((s) => s === 429)).toBe(true);
  }, 30_000);
});

describe("TRUSTED_PROXIES", () => {
  test("entries from the configured proxies are skipped: the first address outside them is the client", async () => {
    const s = await launch({ env: { TRUST_PROXY: "true", TRUSTED_PROXIES: "203.0.113.0/24, 192.0.2.1" } });
    try {
      const c = client(s.url);
      await c.login(ADMIN.email, ADMIN.password, {
        "X-Forwarded-For": "6.6.6.6, 7.7.7.7, 203.0.113.9, 192.0.2.1",
      });
      expect(lastLoginIp(s.dataDir)).toBe("7.7.7.7");
    } finally {
      await s.stop();
    }
  }, 30_000);
});
