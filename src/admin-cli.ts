/**
 * `npm run admin -- reset-password|create-admin|reset-2fa EMAIL` (binary: `helpdesk admin ...`), safe beside
 * the running server: a one-time password, an admin when no active one is left, or no second factor.
 * Resetting a password or second factor ends that user's sessions.
 */
import { eq } from "drizzle-orm";
import { existsSync } from "node:fs";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { users } from "../db/schema";
import { PasswordHasher, randomPassword } from "./auth/passwords";
import { createRescueAdmin, setTemporaryPassword } from "./auth/admin-recovery.service";
import { DomainError } from "./errors/domain-error";
import { resetSecondFactor } from "./auth/two-factor-admin.service";

const USAGE =
  "Usage: admin reset-password EMAIL  |  admin create-admin EMAIL  |  admin reset-2fa EMAIL   (DATA_DIR from the environment)";
const COMMANDS = ["reset-password", "create-admin", "reset-2fa"];
const CLI_ACTOR = { userId: null, ip: null, userAgent: "command line" };

export async function runAdminCommand(args: string[], env = process.env): Promise<number> {
  const [command, rawEmail] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (!command || !COMMANDS.includes(command) || !email) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (!existsSync(config.dbPath)) throw new Error(`No database at ${config.dbPath}; check DATA_DIR`);
    const { sqlite, db } = openDatabase(config.dbPath, { synchronous: config.synchronous });
    try {
      runMigrations(db);
      const ctx = { db, actor: CLI_ACTOR, now: new Date() };
      if (command === "reset-2fa") {
        const user = db.select().from(users).where(eq(users.email, email)).get();
        if (!user) throw new Error(`No user with the e-mail ${email}`);
        resetSecondFactor({ ...ctx, id: user.id });
        console.log(`Two-factor sign-in of ${email} removed; signed out everywhere.`);
        return 0;
      }
      const password = randomPassword();
      const passwordHash = await new PasswordHasher(1, config.passwordHashCost).hash(password);
      if (command === "reset-password") {
        const user = db.select().from(users).where(eq(users.email, email)).get();
        if (!user) throw new Error(`No user with the e-mail ${email}`);
        setTemporaryPassword({ ...ctx, id: user.id, passwordHash });
        console.log(`Signed ${email} out everywhere. One-time password (must be changed at sign-in):`);
      } else {
        createRescueAdmin({ ...ctx, email, passwordHash });
        console.log(`${email} is an admin. One-time password (must be changed at sign-in):`);
      }
      console.log(password);
      return 0;
    } finally {
      sqlite.close();
    }
  } catch (err) {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : String(err));
    return err instanceof DomainError ? 3 : 1;
  }
}

if (import.meta.main) process.exit(await runAdminCommand(process.argv.slice(2)));
