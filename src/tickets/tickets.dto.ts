import type { AttachmentRow, NoteRow, TicketRow } from "../../db/schema";
import type { AttachmentDto, NoteDto, PublicTicketDto, TicketDto } from "../shared/dto";
import type { AuthUser } from "../shared/dto";
import { iso } from "../shared/dto";
import { authorFor } from "../users/colleague-address";

/** Staff view: every field of the row. */
export function toAdminTicket(t: TicketRow): TicketDto {
  return {
    ...t,
    createdAt: iso(t.createdAt)!,
    updatedAt: iso(t.updatedAt)!,
    processedAt: iso(t.processedAt),
    completedAt: iso(t.completedAt),
    firstResponseDueAt: iso(t.firstResponseDueAt),
    firstResponseSoonAt: iso(t.firstResponseSoonAt),
    firstRespondedAt: iso(t.firstRespondedAt),
    resolutionDueAt: iso(t.resolutionDueAt),
    resolutionSoonAt: iso(t.resolutionSoonAt),
    nextDueAt: iso(t.nextDueAt),
  };
}

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

/** The only way a ticket leaves through a public route: no assignee, masked contact details. */
export function toPublicTicket(t: TicketRow): PublicTicketDto {
  const { assignedTo: _a, userId: _u, updatedBy: _b, version: _v, ...withClocks } = toAdminTicket(t);
  const { firstResponseDueAt: _f, firstResponseSoonAt: _fs, firstRespondedAt: _fr, ...noFirst } = withClocks;
  const { resolutionDueAt: _r, resolutionSoonAt: _rs, nextDueAt: _n, ...rest } = noFirst;
  return { ...rest, email: maskEmail(t.email), phone: maskPhone(t.phone) };
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
  const { unverifiedReason: _u, ...rest } = toNoteDto(authorFor(null, n));
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
