import { TicketCardHeader } from "../tickets/TicketCardHeader";
import { MailCheck } from "../../src/ui/icons";
import type { TrackedTicketDto } from "../../src/shared/dto";
import { fullDateTime } from "../../src/shared/relative-time";
import { Button } from "../../src/ui/Button";
import { Card, CardContent } from "../../src/ui/Card";
import { useApiMutation } from "../lib/queries/mutation";
import { sendTicketLink } from "../lib/queries/portal";
import { useToast } from "../lib/toast";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="break-words text-sm text-gray-900" suppressHydrationWarning>
        {value}
      </dd>
    </div>
  );
}

/** What anyone may see of a ticket by its number; details open through the link sent to the requester. */
export function TrackedTicketCard({ ticket: t }: { ticket: TrackedTicketDto }) {
  const toast = useToast();
  const send = useApiMutation(sendTicketLink, {
    onError: () =>
      toast({
        title: "Could not send the link",
        description: "Please try again later.",
        variant: "destructive",
      }),
  });
  return (
    <Card data-testid="tracked-ticket">
      <TicketCardHeader ticketId={t.ticketId} ticketType={t.ticketType} status={t.status} />
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Row label="Submitted" value={fullDateTime(t.createdAt)} />
          <Row label="Last update" value={fullDateTime(t.updatedAt)} />
          <Row label="Requester" value={t.requester} />
        </dl>
        <p className="text-sm text-gray-700">
          The details, replies and files of a ticket are shown only on its private page. We can e-mail the
          link to the address the ticket was submitted with.
        </p>
        {send.data ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800">
            <MailCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            {send.data.message}
          </p>
        ) : (
          <Button
            className="self-start"
            disabled={send.isPending}
            onClick={() => send.mutate({ ticketId: t.ticketId })}
          >
            {send.isPending ? "Sending..." : "E-mail me the link"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A search by e-mail or phone: the same words whether or not anything was found. */
export function MailedNotice({ message }: { message: string }) {
  return (
    <Card data-testid="tracking-mailed">
      <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
        <MailCheck className="h-10 w-10 text-blue-600" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Check Your Inbox</h2>
        <p role="status" className="text-sm text-gray-700">
          {message}
        </p>
        <p className="text-sm text-gray-600">The link opens a list of your tickets and works for one hour.</p>
      </CardContent>
    </Card>
  );
}
