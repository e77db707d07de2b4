import type { DbOrTx } from "../../db/client";
import type { TicketRow } from "../../db/schema";
import { listAttachments } from "../attachments/attachments.queries";
import { listNotes } from "../notes/notes.queries";
import type { RequesterViewDto } from "../shared/dto";
import { iso } from "../shared/dto";
import { toAttachmentDto } from "../tickets/tickets.dto";
import { ratingOf } from "../satisfaction/ratings.service";
import { publicValues } from "../custom-fields/public-values";

/**
 * What the holder of a private link sees: their own ticket with their own details unmasked, the public
 * conversation and public files. Staff addresses never leave; internal notes and files are filtered in SQL.
 */
export function requesterView(db: DbOrTx, t: TicketRow): RequesterViewDto {
  return {
    ticket: {
      ticketId: t.ticketId,
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      phone: t.phone,
      companyName: t.companyName,
      location: t.location,
      department: t.department,
      ticketType: t.ticketType,
      priority: t.priority,
      description: t.description,
      status: t.status,
      createdAt: iso(t.createdAt)!,
      updatedAt: iso(t.updatedAt)!,
      processedAt: iso(t.processedAt),
      completedAt: iso(t.completedAt),
    },
    notes: listNotes({ db, ticketId: t.id, includeInternal: false }).map((n) => ({
      id: n.id,
      note: n.note,
      userName: n.userName,
      fromStaff: n.userId !== null,
      source: n.source,
      createdAt: iso(n.createdAt)!,
    })),
    attachments: listAttachments({ db, ticketId: t.id, includeInternal: false }).map((a) => {
      const { userEmail: _hidden, ...rest } = toAttachmentDto(a);
      return rest;
    }),
    rating: ratingOf(db, t.id),
    customFields: publicValues(db, t.id),
  };
}
