import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

/**
 * Links a user to an account at a sign-in provider ("oidc:<id>" or "ldap"): the provider's stable
 * subject (OIDC `sub`, or the directory entry's DN), so a changed e-mail there still finds the same user.
 */
export const ssoIdentities = sqliteTable(
  "sso_identities",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at").notNull(),
    lastSignInAt: timestamp("last_sign_in_at"),
  },
  (t) => [
    uniqueIndex("sso_identities_provider_subject_idx").on(t.provider, t.subject),
    // A user's links, found (and removed with the user) by user id.
    index("sso_identities_user_idx").on(t.userId),
  ],
);

export type SsoIdentityRow = typeof ssoIdentities.$inferSelect;
