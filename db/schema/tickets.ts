import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";
import { companies } from "./config-lists";

export const tickets = sqliteTable(
  "tickets",
  {
    id: id(),
    ticketId: text("ticket_id").notNull().unique(),
    userId: text("user_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    // Lower-cased on write so public search by e-mail is an index lookup.
    email: text("email").notNull(),
    // the phone as typed, and its E.164 form, which a search by phone in any format looks up
    phone: text("phone").notNull(),
    phoneE164: text("phone_e164"),
    date: text("date"),
    time: text("time"),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    companyName: text("company_name").notNull(),
    location: text("location"),
    department: text("department").notNull(),
    ticketType: text("ticket_type").notNull(),
    priority: text("priority").notNull().default("medium"),
    description: text("description").notNull(),
    status: text("status").notNull().default("open"),
    assignedTo: text("assigned_to"),
    // The ticket's tag names as shown, kept beside ticket_tags (the filter's source) by the one verb that sets them.
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    // The ticket this one was merged into: it is closed, read-only, and its links lead there.
    mergedInto: integer("merged_into"),
    // How the ticket reached the desk: the portal, an e-mail, or staff for a caller, a visitor or themselves.
    channel: text("channel", { enum: ["portal", "email", "phone", "walk-in", "staff"] })
      .notNull()
      .default("portal"),
    // The requester's language when they submitted: every e-mail to them is written in it.
    language: text("language").notNull().default("en"),
    // Bumped by every change of the row: a write sent with an older one (If-Match) is refused.
    version: integer("version").notNull().default(1),
    // The staff member whose write came last, named in the answer to a refused stale write.
    updatedBy: integer("updated_by"),
    ...timestamps(),
    processedAt: timestamp("processed_at"),
    completedAt: timestamp("completed_at"),
    // When the ticket entered its current status, for time rules; null before any change (then its last update counts).
    statusChangedAt: timestamp("status_changed_at"),
    // Service-level clocks on business hours, set by the writes that start or move them; "due soon"
    // begins at the *_soon_at instant, so the state of a running clock is a range test on stored times.
    firstResponseDueAt: timestamp("first_response_due_at"),
    firstResponseSoonAt: timestamp("first_response_soon_at"),
    firstRespondedAt: timestamp("first_responded_at"),
    resolutionDueAt: timestamp("resolution_due_at"),
    resolutionSoonAt: timestamp("resolution_soon_at"),
    // The earliest due instant of a clock still running, null when none runs: the queue's sort by due.
    // Derived by SQLite from the fields above, so no write can leave it stale.
    nextDueAt: timestamp("next_due_at").generatedAlwaysAs(
      sql`CASE
        WHEN status = 'open' AND first_responded_at IS NULL AND first_response_due_at IS NOT NULL
          THEN min(first_response_due_at, coalesce(resolution_due_at, first_response_due_at))
        WHEN status IN ('open', 'in_progress') THEN resolution_due_at
      END`,
      { mode: "virtual" },
    ),
  },
  (t) => [
    index("tickets_created_idx").on(t.createdAt),
    index("tickets_status_created_idx").on(t.status, t.createdAt),
    index("tickets_email_idx").on(t.email, t.createdAt),
    index("tickets_phone_e164_idx").on(t.phoneE164, t.createdAt),
    index("tickets_department_idx").on(t.department, t.createdAt),
    // A department's open (or in-progress…) tickets newest first, the list staff filter to most: one
    // range of this index, where the department's index alone looked up each row for its status.
    index("tickets_status_department_idx").on(t.status, t.department, t.createdAt),
    // A department's queue at one priority (open, IT, high…), newest first: one range of this index,
    // where the one above read every ticket of the department in that status for its priority.
    index("tickets_status_department_priority_idx").on(t.status, t.department, t.priority, t.createdAt),
    index("tickets_type_idx").on(t.ticketType, t.createdAt),
    index("tickets_priority_idx").on(t.priority, t.createdAt),
    index("tickets_company_idx").on(t.companyName, t.createdAt),
    index("tickets_assigned_idx").on(t.assignedTo, t.createdAt),
    index("tickets_completed_idx").on(t.completedAt),
    index("tickets_processed_idx").on(t.processedAt),
    // The list sorted by last change walks this index instead of sorting every ticket.
    index("tickets_updated_idx").on(t.updatedAt),
    // Covering indexes for the dashboard breakdowns (priority cards, type shares): counted from the
    // index alone instead of a row lookup per ticket (1.1 s → see the report at 1 M tickets).
    index("tickets_status_priority_idx").on(t.status, t.priority),
    index("tickets_status_type_idx").on(t.status, t.ticketType),
    // The sort by due, breached (before now) and due soon (the on-time rest, from now on) are ranges
    // of this one index; it replaces one index per clock, so a write keeps one entry, not five.
    index("tickets_next_due_idx").on(t.nextDueAt),
  ],
);

/**
 * Tickets per (status, type, priority, department, company), kept exact by triggers in every ticket write's
 * transaction, so overviews and totals sum a few rows instead of counting every ticket. Keyed in the
 * dashboard's grouping order, so a GROUP BY walks the key without sorting.
 */
const countColumns = {
  status: text("status").notNull(),
  ticketType: text("ticket_type").notNull(),
  priority: text("priority").notNull(),
  department: text("department").notNull(),
  companyName: text("company_name").notNull(),
  n: integer("n").notNull().default(0),
};
export const ticketCounts = sqliteTable("ticket_counts", countColumns, (t) => [
  // the migration makes the count tables WITHOUT ROWID: a row lives in its key's tree
  primaryKey({ columns: [t.status, t.ticketType, t.priority, t.department, t.companyName] }),
]);

/** The same counts per assignee: a staff member's assigned tickets outside their lists, without a scan. */
export const ticketAssigneeCounts = sqliteTable(
  "ticket_assignee_counts",
  { assignedTo: text("assigned_to").notNull(), ...countColumns },
  (t) => [
    // WITHOUT ROWID too: a sum over one status reads the rows it skips to, with no lookup
    primaryKey({ columns: [t.assignedTo, t.status, t.ticketType, t.priority, t.department, t.companyName] }),
  ],
);

// WI-YYYY-NNN ids come from a per-year counter bumped inside the insert's transaction.
export const ticketCounters = sqliteTable("ticket_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

export const ticketNotes = sqliteTable(
  "ticket_notes",
  {
    id: id(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    userName: text("user_name"),
    note: text("note").notNull(),
    isInternal: integer("is_internal", { mode: "boolean" }).notNull().default(false),
    // Where a requester's note came from: the portal or their private page ("web"), or a reply by e-mail.
    source: text("source", { enum: ["web", "email"] })
      .notNull()
      .default("web"),
    // Set while an e-mailed reply waits for staff: why its sender is unverified, and the ids of its held files.
    unverifiedReason: text("unverified_reason"),
    unverifiedFileIds: text("unverified_file_ids", { mode: "json" }).$type<number[]>(),
    // Minutes the author spent, when they said so; summed per ticket, agent, company and type.
    minutesSpent: integer("minutes_spent"),
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("ticket_notes_ticket_idx").on(t.ticketId, t.createdAt),
    // the time-spent report reads only the notes that carry minutes, by when they were written
    index("ticket_notes_minutes_idx").on(t.createdAt).where(sql`${t.minutesSpent} IS NOT NULL`),
  ],
);

export const fileAttachments = sqliteTable(
  "file_attachments",
  {
    id: id(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id"),
    userEmail: text("user_email"),
    userName: text("user_name"),
    fileName: text("file_name", { length: 255 }).notNull(),
    originalName: text("original_name", { length: 255 }).notNull(),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type", { length: 100 }).notNull(),
    filePath: text("file_path", { length: 500 }).notNull(),
    isInternal: integer("is_internal", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("file_attachments_ticket_idx").on(t.ticketId)],
);

export type TicketRow = typeof tickets.$inferSelect;
export type NoteRow = typeof ticketNotes.$inferSelect;
export type AttachmentRow = typeof fileAttachments.$inferSelect;
