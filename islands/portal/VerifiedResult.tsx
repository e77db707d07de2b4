import { TicketCardHeader } from "../tickets/TicketCardHeader";
import { MailCheck } from "../../src/ui/icons";
import type { TrackedTicketDto } from "../../src/shared/dto";
import { useI18n } from "../../src/i18n/react";
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
export function TrackedTicketCard({ ticket: tk }: { ticket: TrackedTicketDto }) {
  const toast = useToast();
  const { t, message, dateTime } = useI18n();
  const send = useApiMutation(sendTicketLink, {
    onError: () =>
      toast({
        title: t("track.mailFailedTitle"),
        description: t("track.tryLater"),
        variant: "destructive",
      }),
  });
  return (
    <Card data-testid="tracked-ticket">
      <TicketCardHeader ticketId={tk.ticketId} ticketType={tk.ticketType} status={tk.status} />
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Row label={t("track.submitted")} value={dateTime(tk.createdAt)} />
          <Row label={t("track.lastUpdate")} value={dateTime(tk.updatedAt)} />
          <Row label={t("track.requester")} value={tk.requester} />
        </dl>
        <p className="text-sm text-gray-700">{t("track.privateOnly")}</p>
        {send.data ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800">
            <MailCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            {message(send.data.message)}
          </p>
        ) : (
          <Button
            className="self-start"
            disabled={send.isPending}
            onClick={() => send.mutate({ ticketId: tk.ticketId })}
          >
            {send.isPending ? t("track.sending") : t("track.mailLink")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A search by e-mail or phone: the same words whether or not anything was found. */
export function MailedNotice({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <Card data-testid="tracking-mailed">
      <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
        <MailCheck className="h-10 w-10 text-blue-600" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{t("track.inbox")}</h2>
        <p role="status" className="text-sm text-gray-700">
          {message}
        </p>
        <p className="text-sm text-gray-600">{t("track.inboxHour")}</p>
      </CardContent>
    </Card>
  );
}
