import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { id } from "./columns";

/**
 * Recent ticket changes that live clients follow, written by triggers in every write's own transaction (from
 * any process) and kept to the last rows. Each row carries the scope before and after, so a ticket leaving
 * someone's scope tells them to drop it without a lookup.
 */
export const ticketChanges = sqliteTable("ticket_changes", {
  id: id(),
  ticketId: integer("ticket_id").notNull(),
  kind: text("kind", { enum: ["created", "changed", "deleted", "note", "file"] }).notNull(),
  // Comma-separated DTO field names a change touched (status,priority,assignedTo,…).
  fields: text("fields"),
  department: text("department").notNull(),
  companyName: text("company_name").notNull(),
  assignedTo: text("assigned_to"),
  oldDepartment: text("old_department"),
  oldCompanyName: text("old_company_name"),
  oldAssignedTo: text("old_assigned_to"),
  at: integer("at").notNull(),
});

export type TicketChangeRow = typeof ticketChanges.$inferSelect;
