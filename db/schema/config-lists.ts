import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";

const position = () => integer("position").notNull().default(0);
const isActive = () => integer("is_active", { mode: "boolean" }).notNull().default(true);

export const ticketStatuses = sqliteTable("ticket_statuses", {
  id: id(),
  name: text("name").notNull().unique(),
  label: text("label").notNull(),
  color: text("color").notNull().default("gray"),
  bgColor: text("bg_color"),
  textColor: text("text_color"),
  position: position(),
  isActive: isActive(),
  isSystem: integer("is_system", { mode: "boolean" }).notNull().default(false),
  ...timestamps(),
});

export const ticketDepartments = sqliteTable("ticket_departments", {
  id: id(),
  name: text("name").notNull().unique(),
  position: position(),
  isActive: isActive(),
  color: text("color").notNull().default("gray"),
  ...timestamps(),
});

export const ticketTypes = sqliteTable("ticket_types", {
  id: id(),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull().default("ticket"),
  position: position(),
  isActive: isActive(),
  color: text("color").notNull().default("gray"),
  bgColor: text("bg_color"),
  textColor: text("text_color"),
  ...timestamps(),
});

export const ticketPriorities = sqliteTable("ticket_priorities", {
  id: id(),
  name: text("name").notNull().unique(),
  label: text("label").notNull(),
  position: position(),
  isActive: isActive(),
  color: text("color").notNull().default("gray"),
  bgColor: text("bg_color"),
  textColor: text("text_color"),
  ...timestamps(),
});

export const companies = sqliteTable("companies", {
  id: id(),
  name: text("name").notNull().unique(),
  position: position(),
  isActive: isActive(),
  color: text("color").notNull().default("blue"),
  ...timestamps(),
});

export const configTables = {
  statuses: ticketStatuses,
  departments: ticketDepartments,
  types: ticketTypes,
  priorities: ticketPriorities,
  companies,
} as const;
export type ConfigKind = keyof typeof configTables;
