import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";

export const users = sqliteTable("users", {
  id: id(),
  // Stored lower-cased so sign-in and uniqueness ignore case.
  email: text("email").notNull().unique(),
  password: text("password").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  // Least privilege: new users are staff unless made admin.
  role: text("role", { enum: ["admin", "staff"] })
    .notNull()
    .default("staff"),
  status: text("status", { enum: ["active", "suspended"] })
    .notNull()
    .default("active"),
  allowedDepartments: text("allowed_departments", { mode: "json" }).$type<string[]>().notNull().default([]),
  allowedCompanies: text("allowed_companies", { mode: "json" }).$type<string[]>().notNull().default([]),
  canViewAllTickets: integer("can_view_all_tickets", { mode: "boolean" }).notNull().default(false),
  // Set with a temporary password: the admin API refuses work until the user picks their own.
  mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
  // Mirrors a confirmed row in totp_factors, so each request knows it without another query.
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  // Set while an invited user has not yet chosen a password through their invitation link.
  invitedAt: integer("invited_at", { mode: "timestamp_ms" }),
  // The language of the pages this user sees; null follows the browser and the office default.
  language: text("language"),
  // Plain text added under this user's replies in the requester's e-mail; null for none.
  signature: text("signature"),
  ...timestamps(),
});

export type UserRow = typeof users.$inferSelect;
