import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

/** Single-use reset links; only the SHA-256 of the token is kept, so a leaked table opens no account. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
