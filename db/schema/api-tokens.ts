import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

/** Personal API tokens: shown once, only their SHA-256 kept; the prefix lets people recognise one. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at"),
    // Written at most once a minute, like a session's last use.
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
