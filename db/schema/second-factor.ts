import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

/**
 * A user's TOTP key (base32). Unconfirmed while `confirmedAt` is null: sign-in asks for codes only
 * once a code proved the authenticator holds it. `lastUsedStep` refuses a code used again in its window.
 */
export const totpFactors = sqliteTable("totp_factors", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: timestamp("created_at").notNull(),
});

/** Single-use recovery codes: only their SHA-256 is kept, and a used one is deleted. */
export const totpRecoveryCodes = sqliteTable(
  "totp_recovery_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
  },
  (t) => [uniqueIndex("totp_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/** The step between a right password and the code: a short-lived, single-use token, only its hash kept. */
export const signInChallenges = sqliteTable(
  "sign_in_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("sign_in_challenges_expires_idx").on(t.expiresAt)],
);
