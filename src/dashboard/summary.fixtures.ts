import { clockFields, getServiceLevels } from "../service-levels/sla-settings";
// Test-only: rows with distinctive personal data, so redaction tests can look for it.
import { tickets } from "../../db/schema";
import type { Db } from "../../db/client";

let seq = 0;
export type TicketSeed = {
  at: Date;
  status?: string;
  priority?: string;
  department?: string;
  ticketType?: string;
  companyName?: string;
  assignedTo?: string | null;
  completedAt?: Date | null;
};

export function seedTicket(db: Db, s: TicketSeed) {
  seq += 1;
  return db
    .insert(tickets)
    .values({
      ticketId: `WI-${s.at.getFullYear()}-${String(seq).padStart(3, "0")}`,
      firstName: `Zelda${seq}`,
      lastName: "Quirinius",
      email: `zelda${seq}@private-mail.example`,
      phone: `555-010-${String(seq).padStart(4, "0")}`,
      companyName: s.companyName ?? "Main Office",
      department: s.department ?? "IT",
      ticketType: s.ticketType ?? "IT",
      priority: s.priority ?? "medium",
      status: s.status ?? "open",
      assignedTo: s.assignedTo ?? null,
      description: `Secret description number ${seq} about my laptop`,
      createdAt: s.at,
      updatedAt: s.at,
      completedAt: s.completedAt ?? null,
      ...clockFields(getServiceLevels(db), s.priority ?? "medium", s.at),
    })
    .returning()
    .get();
}

/** 15:00 local on Wednesday 10 June 2026 (far from any DST switch): the fixed clock of the summary tests. */
export const NOW = new Date(2026, 5, 10, 15, 0, 0);
export const at = (daysAgo: number, hour: number, minute = 0) =>
  new Date(2026, 5, 10 - daysAgo, hour, minute);
