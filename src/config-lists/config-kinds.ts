import { configTables, tickets } from "../../db/schema";
import type { ConfigKindName } from "../shared/constants";

/** Fields each list accepts besides name/isActive/position. */
export const KIND_FIELDS: Record<ConfigKindName, readonly string[]> = {
  statuses: ["label", "color", "bgColor", "textColor"],
  departments: ["color"],
  types: ["icon", "color", "bgColor", "textColor"],
  priorities: ["label", "color", "bgColor", "textColor"],
  companies: ["color"],
};

/** Audit entity type per list. */
export const ENTITY_TYPE: Record<ConfigKindName, string> = {
  statuses: "status",
  departments: "department",
  types: "type",
  priorities: "priority",
  companies: "company",
};

export const ITEM_NAME: Record<ConfigKindName, string> = {
  statuses: "Status",
  departments: "Department",
  types: "Type",
  priorities: "Priority",
  companies: "Company",
};

/** Tickets store names, so a rename rewrites this column (companies also match by id). */
export const TICKET_COLUMN = {
  statuses: tickets.status,
  departments: tickets.department,
  types: tickets.ticketType,
  priorities: tickets.priority,
  companies: tickets.companyName,
} as const;

// The five tables share id/name/position/isActive/timestamps; one type keeps the generic code readable.
export type AnyConfigTable = typeof configTables.statuses;
export const tableOf = (kind: ConfigKindName) => configTables[kind] as unknown as AnyConfigTable;
