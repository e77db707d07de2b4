import { CheckCircle2, Circle, Clock } from "../../src/ui/icons";
import type { PublicTicketDto } from "../../src/shared/dto";
import { useI18n } from "../../src/i18n/react";
import { Badge } from "../../src/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { publicStatus, publicTimeline } from "./public-status";
import { AttachmentsCard } from "./AttachmentsCard";
import { NotesCard } from "./NotesCard";

const ICON = { "Ticket Created": Circle, "In Progress": Clock, Completed: CheckCircle2 } as const;

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{value || "—"}</dd>
    </div>
  );
}

/** The ticket detail card, then the attachments and 'Notes & Updates' cards. */
export function TicketDetail({ ticket: tk }: { ticket: PublicTicketDto }) {
  const { t, message, dateTime, relative } = useI18n();
  const status = publicStatus(tk.status);
  return (
    <div className="flex flex-col gap-4" data-testid="ticket-detail">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="font-mono">{tk.ticketId}</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Badge color="gray">{tk.ticketType}</Badge>
            <Badge color={status.color}>{message(status.label)}</Badge>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Row label={t("ticket.submittedBy")} value={`${tk.firstName} ${tk.lastName}`} />
            <Row label={t("ticket.company")} value={tk.companyName} />
            <Row label={t("ticket.location")} value={tk.location} />
            <Row label={t("ticket.department")} value={tk.department} />
            <Row label={t("ticket.email")} value={tk.email} />
            <Row label={t("ticket.phone")} value={tk.phone} />
          </dl>
          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">
              {t("ticket.description")}
            </h4>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">{tk.description}</p>
          </div>
          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">
              {t("ticket.timeline")}
            </h4>
            <ol className="mt-2 flex flex-col gap-2" aria-label={t("ticket.timeline")}>
              {publicTimeline(tk).map((step) => {
                const Icon = ICON[step.label as keyof typeof ICON];
                return (
                  <li key={step.label} className="flex items-center gap-2 text-sm">
                    <Icon className="h-4 w-4 shrink-0 text-blue-600" aria-hidden="true" />
                    <span className="font-medium">{message(step.label)}</span>
                    <time dateTime={step.at} title={dateTime(step.at)} className="text-gray-600">
                      {relative(step.at)}
                    </time>
                  </li>
                );
              })}
            </ol>
          </div>
        </CardContent>
      </Card>
      <AttachmentsCard ticketId={tk.id} />
      <NotesCard ticketId={tk.id} />
    </div>
  );
}
