import type { Attachment, Note } from "../../lib/queries/ticket-files";
import type { TicketEvent } from "../../lib/queries/ticket-page";

export type TimelineItem =
  | { kind: "note"; at: string; key: string; note: Note }
  | { kind: "file"; at: string; key: string; file: Attachment }
  | { kind: "event"; at: string; key: string; text: string; by: string | null };

const FIELD_LABELS: Record<string, string> = {
  department: "Department",
  ticketType: "Type",
  companyName: "Company",
  location: "Location",
  description: "Description",
  priority: "Priority",
  status: "Status",
  assignedTo: "Assignee",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
};
const ACTIONS: Record<string, string> = {
  created: "Ticket created",
  created_from_email: "Ticket created from an e-mail",
  link_resent: "Private link sent again",
  link_reset: "New private link sent",
  fields_changed: "Custom fields changed",
  merged: "Merged",
  linked: "Linked to another ticket",
  unlinked: "Link removed",
  tags_changed: "Tags changed",
  automation: "Changed by an automation",
};

const shown = (field: string, v: unknown, label: (field: string, v: string) => string) =>
  v === null || v === undefined || v === "" ? "—" : field === "description" ? "…" : label(field, String(v));

/** One audit row as a sentence: each field it changed as "Field: old → new". */
function describeEvent(e: TicketEvent, label: (field: string, v: string) => string): string {
  const before = (e.oldValue ?? {}) as Record<string, unknown>;
  const after = (e.newValue ?? {}) as Record<string, unknown>;
  const fields = Object.keys(after).filter((k) => k in FIELD_LABELS && k in before);
  if (!fields.length) return ACTIONS[e.action] ?? e.action.replaceAll("_", " ");
  return fields
    .map((f) => `${FIELD_LABELS[f]}: ${shown(f, before[f], label)} → ${shown(f, after[f], label)}`)
    .join("; ");
}

/** Notes, files and audit rows as one thread, oldest first (the newest ends up at the bottom). */
export function timelineOf(
  notes: readonly Note[],
  files: readonly Attachment[],
  events: readonly TicketEvent[],
  label: (field: string, v: string) => string,
): TimelineItem[] {
  const items: TimelineItem[] = [
    ...notes.map((note) => ({ kind: "note" as const, at: note.createdAt, key: `n${note.id}`, note })),
    ...files.map((file) => ({ kind: "file" as const, at: file.createdAt, key: `f${file.id}`, file })),
    ...events.map((e) => ({
      kind: "event" as const,
      at: e.at,
      key: `e${e.id}`,
      text: describeEvent(e, label),
      by: e.by,
    })),
  ];
  return items.sort((a, b) => a.at.localeCompare(b.at));
}
