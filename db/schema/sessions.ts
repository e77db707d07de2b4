import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { users } from "./users";

export type SessionData = { createdAt: number; ip?: string; userAgent?: string };

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked table cannot be replayed.
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).$type<SessionData>().notNull(),
    expire: timestamp("expire").notNull(),
    // Lets suspension, deletion and password changes end a user's sessions at once.
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Written at most once a minute per session, so a busy session does not write on every request.
    lastSeenAt: timestamp("last_seen_at"),
    // When the password was last re-entered in this session; account-security actions need it recent.
    reauthenticatedAt: timestamp("reauthenticated_at"),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
