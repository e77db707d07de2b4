import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, index, primaryKey } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { tickets } from "./tickets";

/** A field an admin adds to the ticket form: its key never changes, so stored values and filters keep it. */
export const customFields = sqliteTable("custom_fields", {
  id: id(),
  key: text("key").notNull().unique(),
  label: text("label").notNull(),
  kind: text("kind").notNull(),
  // select options as { id, label }: values store the id, so renaming an option keeps them
  options: text("options", { mode: "json" }).$type<{ id: string; label: string }[]>().notNull(),
  required: integer("required", { mode: "boolean" }).notNull().default(false),
  helpText: text("help_text").notNull().default(""),
  // request types that show the field; empty = every type
  ticketTypes: text("ticket_types", { mode: "json" }).$type<string[]>().notNull(),
  visibility: text("visibility", { enum: ["public", "staff"] })
    .notNull()
    .default("public"),
  position: integer("position").notNull().default(0),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps(),
});

/**
 * One row per value (a multi select: one per chosen option): text-like values in value_text, numbers
 * and checkboxes in value_number, so a filter on a field is a range on one of the two indexes.
 */
export const ticketFieldValues = sqliteTable(
  "ticket_field_values",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    fieldId: integer("field_id")
      .notNull()
      .references(() => customFields.id, { onDelete: "cascade" }),
    // a multi select's options in the order chosen; 0 for every other kind
    position: integer("position").notNull().default(0),
    valueText: text("value_text"),
    valueNumber: real("value_number"),
  },
  (t) => [
    // the migration makes the table WITHOUT ROWID: a ticket's values sit together under this key
    primaryKey({ columns: [t.ticketId, t.fieldId, t.position] }),
    // partial: each row is in the index of the column its kind uses, and a filter always tests that column
    index("ticket_field_values_text_idx")
      .on(t.fieldId, t.valueText, t.ticketId)
      .where(sql`${t.valueText} IS NOT NULL`),
    index("ticket_field_values_number_idx")
      .on(t.fieldId, t.valueNumber, t.ticketId)
      .where(sql`${t.valueNumber} IS NOT NULL`),
  ],
);

export type CustomFieldRow = typeof customFields.$inferSelect;
