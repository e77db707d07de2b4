import { expect, test } from "bun:test";
import { getTableColumns } from "drizzle-orm";
import { tickets, type TicketRow } from "../../db/schema";
import { PUBLIC_FIELDS, STAFF_FIELDS, TICKET_FIELDS } from "./ticket-fields";
import { toAdminTicket, toPublicTicket } from "./tickets.dto";

const row = Object.fromEntries(
  Object.keys(getTableColumns(tickets)).map((k) => [k, k.endsWith("At") ? new Date(0) : `value of ${k}`]),
) as unknown as TicketRow;

test("ticket fields – every column of the tickets table is listed with its audience", () => {
  expect(Object.keys(getTableColumns(tickets)).sort()).toEqual(Object.keys(TICKET_FIELDS).sort());
});

test("ticket fields – a public answer carries exactly the public fields, a staff answer every listed one", () => {
  expect(Object.keys(toPublicTicket(row)).sort()).toEqual([...PUBLIC_FIELDS].sort());
  expect(Object.keys(toAdminTicket(row)).sort()).toEqual([...STAFF_FIELDS].sort());
  for (const hidden of ["assignedTo", "version", "updatedBy", "userId", "nextDueAt"])
    expect(PUBLIC_FIELDS).not.toContain(hidden as never);
});

test("ticket fields – a column nobody listed reaches no answer", () => {
  const withNew = { ...row, internalRating: "secret" } as TicketRow;
  expect(JSON.stringify(toPublicTicket(withNew))).not.toContain("secret");
  expect(JSON.stringify(toAdminTicket(withNew))).not.toContain("secret");
});
