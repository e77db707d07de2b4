import type { TicketDto } from "../../../src/shared/dto";
import type { TicketEdit } from "../../lib/queries/ticket-page";
import { DetailAttachments } from "../DetailAttachments";
import { DetailFields } from "../DetailFields";
import { RequesterLink } from "../RequesterLink";
import { TagEditor } from "../TagEditor";
import { TicketRating } from "../TicketRating";
import { MergeTicket } from "./MergeTicket";
import { RequesterTickets } from "./RequesterTickets";
import { TicketLinks } from "./TicketLinks";
import { TicketSidebar } from "./TicketSidebar";
import { useI18n } from "../../../src/i18n/react";

/** The right-hand column: the ticket's fields, tags, links, files, rating and the requester's tickets. */
export function TicketSide({
  t,
  save,
  confirmClose,
}: {
  t: TicketDto;
  save: (changes: TicketEdit) => void;
  confirmClose: (status: string) => boolean;
}) {
  const { t: tr } = useI18n();
  return (
    <aside aria-label={tr("ticket.details")} className="space-y-5">
      <TicketSidebar t={t} save={save} confirmClose={confirmClose} />
      <TagEditor t={t} />
      <DetailFields ticketId={t.id} ticketType={t.ticketType} />
      <TicketLinks ticketId={t.id} />
      <MergeTicket t={t} />
      <TicketRating ticketId={t.id} />
      <DetailAttachments ticketId={t.id} />
      <RequesterLink ticketId={t.id} />
      <RequesterTickets ticketId={t.id} email={t.email} />
    </aside>
  );
}
