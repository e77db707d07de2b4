import { CheckCircle2, Circle, Clock } from "../../src/ui/icons";
import type { PublicTicketDto } from "../../src/shared/dto";
import { fullDateTime, relativeTime } from "../../src/shared/relative-time";
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
export function TicketDetail({ ticket: t }: { ticket: PublicTicketDto }) {
  const status = publicStatus(t.status);
  return (
    <div className="flex flex-col gap-4" data-testid="ticket-detail">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="font-mono">{t.ticketId}</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Badge color="gray">{t.ticketType}</Badge>
            <Badge color={status.color}>{status.label}</Badge>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Row label="Submitted by" value={`${t.firstName} ${t.lastName}`} />
            <Row label="Company" value={t.companyName} />
            <Row label="Location" value={t.location} />
            <Row label="Department" value={t.department} />
            <Row label="Email" value={t.email} />
            <Row label="Phone" value={t.phone} />
          </dl>
          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">Description</h4>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">{t.description}</p>
          </div>
          <div>
            <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">Timeline</h4>
            <ol className="mt-2 flex flex-col gap-2" aria-label="Timeline">
              {publicTimeline(t).map((step) => {
                const Icon = ICON[step.label as keyof typeof ICON];
                return (
                  <li key={step.label} className="flex items-center gap-2 text-sm">
                    <Icon className="h-4 w-4 shrink-0 text-blue-600" aria-hidden="true" />
                    <span className="font-medium">{step.label}</span>
                    <time dateTime={step.at} title={fullDateTime(step.at)} className="text-gray-600">
                      {relativeTime(step.at)}
                    </time>
                  </li>
                );
              })}
            </ol>
          </div>
        </CardContent>
      </Card>
      <AttachmentsCard ticketId={t.id} />
      <NotesCard ticketId={t.id} />
    </div>
  );
}
