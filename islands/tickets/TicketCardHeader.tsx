import { Badge } from "../../src/ui/Badge";
import { CardHeader, CardTitle } from "../../src/ui/Card";
import { publicStatus } from "../portal/public-status";
import { useI18n } from "../../src/i18n/react";

/** A ticket card's heading as requesters see it: the id, its type and its status in the portal's words. */
export function TicketCardHeader({
  ticketId,
  ticketType,
  status,
}: Record<"ticketId" | "ticketType" | "status", string>) {
  const { message } = useI18n();
  const shown = publicStatus(status);
  return (
    <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
      <CardTitle level={2} className="font-mono">
        {ticketId}
      </CardTitle>
      <div className="flex flex-wrap gap-2">
        <Badge color="gray">{ticketType}</Badge>
        <Badge color={shown.color}>{message(shown.label)}</Badge>
      </div>
    </CardHeader>
  );
}
