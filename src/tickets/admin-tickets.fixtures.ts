// Test-only: tickets inserted straight through Drizzle so tests pick department, company, dates.
import { tickets, type TicketRow } from "../../db/schema";
import type { TestApp } from "../testing/test-app";

let seq = 0;
export function insertTicket(t: TestApp, over: Partial<typeof tickets.$inferInsert> = {}): TicketRow {
  seq += 1;
  const now = over.createdAt ?? t.deps.now();
  return t.db
    .insert(tickets)
    .values({
      ticketId: `WI-2026-${String(seq).padStart(3, "0")}`,
      firstName: "Jane",
      lastName: "Doe",
      email: `jane${seq}@example.com`,
      phone: "555-123-4567",
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      priority: "medium",
      description: "Printer on floor two is jammed again",
      status: "open",
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning()
    .get();
}
