import type { TicketRow } from "../../db/schema";

/** Who may read a ticket column: requesters (masked where noted by the mapper) and staff, or staff only. */
type Audience = "public" | "staff";

/**
 * Every column of the tickets table and who may read it. The type makes a new column a compile error
 * until it is listed here, and the DTO mappers copy only what is listed: a column never reaches an
 * answer by being forgotten.
 */
export const TICKET_FIELDS = {
  id: "public",
  ticketId: "public",
  userId: "staff",
  firstName: "public",
  lastName: "public",
  email: "public",
  phone: "public",
  phoneE164: "staff",
  date: "public",
  time: "public",
  companyId: "public",
  companyName: "public",
  location: "public",
  department: "public",
  ticketType: "public",
  priority: "public",
  description: "public",
  status: "public",
  assignedTo: "staff",
  tags: "staff",
  mergedInto: "staff",
  channel: "staff",
  language: "staff",
  version: "staff",
  updatedBy: "staff",
  createdAt: "public",
  updatedAt: "public",
  processedAt: "public",
  completedAt: "public",
  statusChangedAt: "staff",
  firstResponseDueAt: "staff",
  firstResponseSoonAt: "staff",
  firstRespondedAt: "staff",
  resolutionDueAt: "staff",
  resolutionSoonAt: "staff",
  nextDueAt: "staff",
} as const satisfies Record<keyof TicketRow, Audience>;

export type TicketField = keyof typeof TICKET_FIELDS;
export type PublicField = {
  [K in TicketField]: (typeof TICKET_FIELDS)[K] extends "public" ? K : never;
}[TicketField];

export const STAFF_FIELDS = Object.keys(TICKET_FIELDS) as TicketField[];
export const PUBLIC_FIELDS = STAFF_FIELDS.filter((k) => TICKET_FIELDS[k] === "public") as PublicField[];
