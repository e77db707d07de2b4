import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";

export const conditionTypes = ["all", "department", "company", "both", "type", "type_company"] as const;
export type ConditionType = (typeof conditionTypes)[number];

// References stay plain integers: a deleted item shows as '(deleted)' rather than removing the rule.
export const emailRouting = sqliteTable("email_routing", {
  id: id(),
  name: text("name").notNull(),
  emailAddresses: text("email_addresses").notNull(),
  conditionType: text("condition_type", { enum: conditionTypes }).notNull().default("all"),
  departmentId: integer("department_id"),
  companyId: integer("company_id"),
  typeId: integer("type_id"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps(),
});

export type EmailRoutingRow = typeof emailRouting.$inferSelect;
