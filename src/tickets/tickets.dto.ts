import type { AttachmentRow, NoteRow, TicketRow } from "../../db/schema";
import type { AttachmentDto, NoteDto, PublicTicketDto, TicketDto } from "../shared/dto";
import type { AuthUser } from "../shared/dto";
import { iso } from "../shared/dto";
import { authorFor } from "../users/colleague-address";
import { PUBLIC_FIELDS, STAFF_FIELDS, type TicketField } from "./ticket-fields";

/** A row's listed fields, times as ISO text. */
function pick<K extends TicketField>(t: TicketRow, keys: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const k of keys) {
    const v = t[k];
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Staff view: every field the field table lets staff read. */
export const toAdminTicket = (t: TicketRow): TicketDto => pick(t, STAFF_FIELDS) as TicketDto;

/** `jane@example.com` → `j•••@example.com` (no harvesting by guessing ids). */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** `555-123-4567` → `•••-•••-4567`. */
function maskPhone(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 4 ? `•••-•••-${digits.slice(-4)}` : "•••";
}

/** The only way a ticket leaves through a public route: the public fields, contact details masked. */
export function toPublicTicket(t: TicketRow): PublicTicketDto {
  const dto = pick(t, PUBLIC_FIELDS) as PublicTicketDto;
  return { ...dto, email: maskEmail(t.email), phone: maskPhone(t.phone) };
}

export function toNoteDto(n: NoteRow): NoteDto {
  const { unverifiedFileIds: _held, ...rest } = n;
  return { ...rest, fromStaff: n.userId !== null, createdAt: iso(n.createdAt)! };
}

/** A note as staff see it: a colleague's sign-in address hidden as the assignee list hides it. */
export const toStaffNote = (viewer: Pick<AuthUser, "id" | "role">, n: NoteRow): NoteDto =>
  toNoteDto(authorFor(viewer, n));

/** Public notes never carry the author's e-mail address; internal ones are filtered in SQL before this. */
export function toPublicNote(n: NoteRow): NoteDto {
  const { unverifiedReason: _u, minutesSpent: _m, ...rest } = toNoteDto(authorFor(null, n));
  return { ...rest, userEmail: n.userEmail ? maskEmail(n.userEmail) : null };
}

export function toAttachmentDto(a: AttachmentRow): AttachmentDto {
  const { filePath: _p, ...rest } = a;
  return { ...rest, createdAt: iso(a.createdAt)! };
}

/** An attachment as staff see it: a colleague's sign-in address hidden as the assignee list hides it. */
export const toStaffAttachment = (viewer: Pick<AuthUser, "id" | "role">, a: AttachmentRow): AttachmentDto =>
  toAttachmentDto(authorFor(viewer, a));

/** The public shape of an attachment: the uploader's e-mail masked like every public contact detail. */
export const toPublicAttachment = (a: AttachmentRow) => ({
  ...toAttachmentDto(authorFor(null, a)),
  userEmail: a.userEmail ? maskEmail(a.userEmail) : null,
});
