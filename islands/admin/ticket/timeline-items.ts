import type { Attachment, Note } from "../../lib/queries/ticket-files";
import type { TicketEvent } from "../../lib/queries/ticket-page";
import type { StaffKey } from "../../../src/i18n/staff/en";

type Translate = (key: StaffKey) => string;

export type TimelineItem =
  | { kind: "note"; at: string; key: string; note: Note }
  | { kind: "file"; at: string; key: string; file: Attachment }
  | { kind: "event"; at: string; key: string; text: string; by: string | null };

const FIELD_LABELS: Record<string, StaffKey> = {
  department: "ticket.field.department",
  ticketType: "ticket.field.type",
  companyName: "ticket.field.company",
  location: "ticket.field.location",
  description: "ticket.field.description",
  priority: "ticket.field.priority",
  status: "ticket.field.status",
  assignedTo: "ticket.field.assignee",
  firstName: "ticket.field.firstName",
  lastName: "ticket.field.lastName",
  email: "ticket.field.eMail",
  phone: "ticket.field.phone",
};
const ACTIONS: Record<string, StaffKey> = {
  created: "ticket.event.created",
  created_from_email: "ticket.event.createdFromEmail",
  link_resent: "ticket.event.linkResent",
  link_reset: "ticket.event.linkReset",
  fields_changed: "ticket.event.fieldsChanged",
  merged: "ticket.event.merged",
  linked: "ticket.event.linked",
  unlinked: "ticket.event.unlinked",
  tags_changed: "ticket.event.tagsChanged",
  automation: "ticket.event.automation",
};

const shown = (field: string, v: unknown, label: (field: string, v: string) => string) =>
  v === null || v === undefined || v === "" ? "—" : field === "description" ? "…" : label(field, String(v));

/** One audit row as a sentence: each field it changed as "Field: old → new". */
function describeEvent(e: TicketEvent, label: (field: string, v: string) => string, t: Translate): string {
  const before = (e.oldValue ?? {}) as Record<string, unknown>;
  const after = (e.newValue ?? {}) as Record<string, unknown>;
  const fields = Object.keys(after).filter((k) => k in FIELD_LABELS && k in before);
  const action = ACTIONS[e.action];
  if (!fields.length) return action ? t(action) : e.action.replaceAll("_", " ");
  return fields
    .map((f) => `${t(FIELD_LABELS[f]!)}: ${shown(f, before[f], label)} → ${shown(f, after[f], label)}`)
    .join("; ");
}

/** Notes, files and audit rows as one thread, oldest first (the newest ends up at the bottom). */
export function timelineOf(
  notes: readonly Note[],
  files: readonly Attachment[],
  events: readonly TicketEvent[],
  label: (field: string, v: string) => string,
  t: Translate,
): TimelineItem[] {
  const items: TimelineItem[] = [
    ...notes.map((note) => ({ kind: "note" as const, at: note.createdAt, key: `n${note.id}`, note })),
    ...files.map((file) => ({ kind: "file" as const, at: file.createdAt, key: `f${file.id}`, file })),
    ...events.map((e) => ({
      kind: "event" as const,
      at: e.at,
      key: `e${e.id}`,
      text: describeEvent(e, label, t),
      by: e.by,
    })),
  ];
  return items.sort((a, b) => a.at.localeCompare(b.at));
}
