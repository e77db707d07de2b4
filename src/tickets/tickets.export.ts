import { users } from "../../db/schema";
import type { ReadCtx } from "../../db/read-cache";
import type { Db } from "../../db/client";
import type { AuthUser, TicketDto } from "../shared/dto";
import type { TicketFilters } from "../shared/schemas/filters";
import { recordAudit, type Actor } from "../audit/audit.service";
import { pageTickets, planList } from "./tickets.queries";
import { csvRows } from "./csv";
import { personName } from "../users/colleague-address";
import { activeFields } from "../custom-fields/definitions";
import { readValues } from "../custom-fields/values";
import { displayValue, type FieldValues } from "../shared/custom-fields";

/** Rows read per step: small pages keep the garbage made between two collections, and the server's memory, small. */
const EXPORT_PAGE = 250;
const HEADER = [
  "Ticket ID",
  "Priority",
  "Status",
  "Description",
  "First name",
  "Last name",
  "Company",
  "Email",
  "Phone",
  "Location",
  "Department",
  "Type",
  "Assigned to",
  "Created",
  "Updated",
  "Processed",
  "Completed",
  "Tags",
  "Channel",
];

/**
 * The tickets of a filter as CSV, in the list's order and within the actor's scope: an audit row
 * names the filters, then the file comes as chunks, one keyset page at a time, each read when the
 * previous one has been sent. UTF-8 with a byte-order mark, so spreadsheet apps read it as such.
 */
export function exportTickets(
  r: ReadCtx & { db: Db },
  actor: Actor,
  user: AuthUser,
  f: TicketFilters,
  now: Date,
) {
  const { db } = r;
  const { limit: _limit, cursor: _cursor, ...filters } = f;
  recordAudit(db, actor, { action: "exported", entityType: "ticket", newValue: { filters } }, now);
  const plan = { ...planList(r, user, f).plan, keep: "none" as const };
  const names = assigneeNames(db, user);
  // the active custom fields follow the fixed columns, as people read them
  const fields = activeFields(r);
  const row = (t: TicketDto, values: FieldValues = {}): string[] => [
    t.ticketId,
    t.priority,
    t.status,
    t.description,
    t.firstName,
    t.lastName,
    t.companyName,
    t.email,
    t.phone,
    t.location ?? "",
    t.department,
    t.ticketType,
    t.assignedTo ? (names.get(t.assignedTo) ?? `User #${t.assignedTo}`) : "",
    t.createdAt,
    t.updatedAt,
    t.processedAt ?? "",
    t.completedAt ?? "",
    t.tags.join(", "),
    t.channel,
    ...fields.map((f) => displayValue(f, values[f.key])),
  ];
  function* chunks(): Generator<string> {
    yield `\uFEFF${csvRows([[...HEADER, ...fields.map((f) => f.label)]])}`;
    let cursor: string | undefined;
    for (;;) {
      // every 10,000 rows read a full collection runs (readDtos): an export outruns the collector
      const page = pageTickets(r, plan, EXPORT_PAGE, cursor);
      const values = readValues(
        db,
        page.tickets.map((t) => t.id),
        fields,
      );
      if (page.tickets.length) yield csvRows(page.tickets.map((t) => row(t, values.get(t.id))));
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  return { filename: `tickets-${now.toISOString().slice(0, 10).replaceAll("-", "")}.csv`, chunks: chunks() };
}

function assigneeNames(db: Db, viewer: AuthUser) {
  const rows = db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .all();
  return new Map(rows.map((u) => [String(u.id), personName(viewer, u)]));
}
