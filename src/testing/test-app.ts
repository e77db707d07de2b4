import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../config";
import { openDatabase } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { seedDatabase } from "../../db/seed";
import { createDeps, type Deps } from "../deps";
import { createApp } from "../app";
import { users } from "../../db/schema";

export const ADMIN = { email: "admin@example.com", password: "admin-password" };
const FAST_HASH = { memoryCost: 1024, timeCost: 1 };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real app on a fresh SQLite file in a temp folder: migrations, seed, the real middleware.
 * `request` adds same-origin headers and JSON encoding; `loginAs` returns a session cookie.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; now?: () => Date; configure?: (c: Config) => Config } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-test-"));
  mkdirSync(join(dir, "uploads"), { recursive: true });
  const base = loadConfig({
    DATA_DIR: dir,
    RATE_LIMIT_PUBLIC_WRITES: "10000",
    RATE_LIMIT_PUBLIC_SEARCH: "10000",
    RATE_LIMIT_PUBLIC_READS: "10000",
    // Tests check the spec's open tracking unless they ask otherwise ("" leaves it to Settings → Portal).
    PUBLIC_TRACKING: "open",
    ...opts.env,
  });
  const config = (opts.configure ?? ((c) => c))({ ...base, passwordHashCost: FAST_HASH });
  const { sqlite, db } = openDatabase(config.dbPath, { synchronous: "NORMAL" });
  runMigrations(db);
  const deps: Deps = createDeps({ config, db, sqlite, now: opts.now, assetVersion: "test" });
  seedDatabase(db, {
    companyName: config.companyName,
    admin: { email: ADMIN.email, passwordHash: await deps.passwords.hash(ADMIN.password) },
  });
  const app = createApp(deps);

  const request = (
    path: string,
    init: {
      method?: string;
      json?: unknown;
      body?: BodyInit;
      cookie?: string;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const headers: Record<string, string> = {
      // The page's own origin: PUBLIC_URL when set (the only origin allowed to write then).
      Origin: config.publicUrl ? new URL(config.publicUrl).origin : "http://localhost",
      Host: "localhost",
      ...init.headers,
    };
    if (init.cookie) headers.Cookie = init.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["Content-Type"] = "application/json";
    }
    return app.request(`http://localhost${path}`, {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
    });
  };

  const passwordOf = new Map<string, string>();
  const login = async (email: string, password: string) => {
    const res = await request("/api/login", { json: { email, password } });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    passwordOf.set(cookie, password);
    return cookie;
  };

  /** Re-enters the session's password, as account-security actions need (the one it signed in with by default). */
  const confirmPassword = async (cookie: string, password = passwordOf.get(cookie)) => {
    const res = await request("/api/auth/confirm-password", { json: { password }, cookie });
    if (res.status !== 200) throw new Error(`confirm-password failed: ${res.status} ${await res.text()}`);
    return cookie;
  };

  /** Creates (once) a user of that role and returns its session cookie. */
  const createUser = async (input: {
    email: string;
    password?: string;
    role?: "admin" | "staff";
    firstName?: string;
    status?: "active" | "suspended";
    allowedDepartments?: string[];
    allowedCompanies?: string[];
    canViewAllTickets?: boolean;
  }) => {
    const now = deps.now();
    const password = await deps.passwords.hash(input.password ?? "password123");
    return db
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        password,
        firstName: input.firstName ?? "Test",
        lastName: "User",
        role: input.role ?? "staff",
        status: input.status ?? "active",
        allowedDepartments: input.allowedDepartments ?? [],
        allowedCompanies: input.allowedCompanies ?? [],
        canViewAllTickets: input.canViewAllTickets ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
  };

  const loginAs = async (role: "admin" | "staff", extra: Partial<Parameters<typeof createUser>[0]> = {}) => {
    if (role === "admin" && !extra.email) return login(ADMIN.email, ADMIN.password);
    const email = extra.email ?? `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await createUser({ role, ...extra, email });
    return login(email, extra.password ?? "password123");
  };

  const close = () => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, deps, db, sqlite, dir, config, request, login, loginAs, confirmPassword, createUser, close };
}
