// Account recovery attacked on the real server: reset links used twice at once, told apart by timing,
// and the owner's command-line reset run beside a live server on its data folder.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { desc } from "drizzle-orm";
import { ADMIN, addUser, client, launch, openDb, ROOT, type Server } from "./harness";
import { mailOutbox } from "../../db/schema";
import { withResetLink } from "../auth/reset-tokens";

let srv: Server;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  srv = await launch({ env: { PASSWORD_RESETS_PER_HOUR: "10000" } });
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

/** Sends the newest queued reset e-mail as the mail worker would, and returns the token it carries. */
function mintFromOutbox() {
  const sqlite = openDb(srv.dataDir);
  const db = drizzle(sqlite);
  const row = db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get()!;
  const token = withResetLink(db as never, row, new Date()).textBody.match(
    /reset-password\/([a-z2-7]{32})/,
  )?.[1];
  sqlite.close();
  return token!;
}

const forgot = (email: string) => api.req("/api/auth/forgot-password", { json: { email } });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("reset links", () => {
  test("one link sent ten times at once signs in exactly once", async () => {
    await addUser(srv.dataDir, { email: "race@example.com" });
    expect((await forgot("race@example.com")).status).toBe(200);
    const token = mintFromOutbox();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.req("/api/auth/reset-password", { json: { token, newPassword: `parallel-${i}` } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // The losers are refused as a used link, or by the hashing queue's per-client share before that.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
    expect(
      (await api.req("/api/auth/reset-password", { json: { token, newPassword: "again!" } })).status,
    ).toBe(400);
  }, 30_000);

  test("known and unknown e-mails take the same time to answer", async () => {
    await addUser(srv.dataDir, { email: "timed@example.com" });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 60; i++) {
      for (const [email, into] of [
        ["timed@example.com", known],
        [`ghost${i}@example.com`, unknown],
      ] as const) {
        const t0 = performance.now();
        const res = await forgot(email);
        into.push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    console.log(`forgot-password median: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`);
    expect(Math.abs(k - u)).toBeLessThan(Math.max(2, 0.5 * Math.min(k, u)));
  }, 30_000);
});

describe("owner's command line", () => {
  const cli = async (...args: string[]) => {
    const proc = Bun.spawn([process.execPath, "src/admin-cli.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: srv.dataDir, NODE_ENV: "production" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const out = await new Response(proc.stdout).text();
    return { exitCode: await proc.exited, password: out.trim().split("\n").pop()! };
  };

  test("reset-password on a live server: sessions end, a one-time password that must be changed", async () => {
    const old = await api.login(ADMIN.email, ADMIN.password);
    const run = await cli("reset-password", ADMIN.email);
    expect(run.exitCode).toBe(0);
    const oneTime = run.password;
    expect((await api.req("/api/auth/user", { cookie: old })).status).toBe(401);
    expect((await api.req("/api/login", { json: ADMIN })).status).toBe(401);
    const cookie = await api.login(ADMIN.email, oneTime);
    expect((await api.req("/api/admin/users", { cookie })).status).toBe(403);
    const changed = await api.req("/api/auth/password", {
      method: "PUT",
      cookie,
      json: { currentPassword: oneTime, newPassword: ADMIN.password },
    });
    expect(changed.status).toBe(200);
    expect((await api.req("/api/admin/users", { cookie })).status).toBe(200);
  }, 30_000);

  test("create-admin refuses while an admin is active, and rescues a box without one", async () => {
    expect((await cli("create-admin", "rescue@example.com")).exitCode).toBe(3);
    const db = openDb(srv.dataDir);
    db.query("UPDATE users SET status = 'suspended' WHERE role = 'admin'").run();
    db.close();
    const run = await cli("create-admin", "rescue@example.com");
    expect(run.exitCode).toBe(0);
    const cookie = await api.login("rescue@example.com", run.password);
    expect((await (await api.req("/api/auth/user", { cookie })).json()).role).toBe("admin");
    const audit = openDb(srv.dataDir);
    const rows = audit.query("SELECT action FROM audit_logs WHERE user_agent = 'command line'").all();
    audit.close();
    expect(rows.length).toBe(2);
  }, 30_000);
});
