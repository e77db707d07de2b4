import { TicketCardHeader } from "./tickets/TicketCardHeader";
import { useState } from "react";
import type { RequesterViewDto } from "../src/shared/dto";
import { Card, CardContent, CardHeader, CardTitle } from "../src/ui/Card";
import { requesterApi } from "./lib/queries/requester";
import { publicTimeline } from "./portal/public-status";
import { useI18n } from "../src/i18n/react";
import { Conversation } from "./requester/Conversation";
import { ReplyForm } from "./requester/ReplyForm";
import { RatingCard } from "./requester/RatingCard";

export type RequesterTicketProps = { token: string; view: RequesterViewDto };

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{value || "—"}</dd>
    </div>
  );
}

/** The requester's private page: their ticket unmasked, the conversation, their files, and a reply form. */
export default function RequesterTicket({ token, view: initial }: RequesterTicketProps) {
  const [view, setView] = useState(initial);
  const { t, message, dateTime } = useI18n();
  const tk = view.ticket;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t("requester.heading", { ticketId: tk.ticketId })}</h1>
      <Card>
        <TicketCardHeader ticketId={tk.ticketId} ticketType={tk.ticketType} status={tk.status} />
        <CardContent className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Row label={t("ticket.submittedBy")} value={`${tk.firstName} ${tk.lastName}`} />
            <Row label={t("ticket.email")} value={tk.email} />
            <Row label={t("ticket.phone")} value={tk.phone} />
            <Row label={t("ticket.company")} value={tk.companyName} />
            <Row label={t("ticket.department")} value={tk.department} />
            <Row label={t("ticket.priority")} value={tk.priority} />
            {(view.customFields ?? []).map((f) => (
              <Row key={f.label} label={f.label} value={f.value} />
            ))}
          </dl>
          <div>
            <h3 className="text-xs font-medium uppercase tracking-wide text-gray-600">
              {t("ticket.description")}
            </h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm">{tk.description}</p>
          </div>
          <ol className="flex flex-col gap-1 text-sm" aria-label={t("ticket.timeline")}>
            {publicTimeline({ ...tk, id: 0, companyId: null, date: null, time: null }).map((s) => (
              <li key={s.label}>
                <span className="font-medium">{message(s.label)}</span>{" "}
                <time dateTime={s.at} className="text-gray-600" suppressHydrationWarning>
                  {dateTime(s.at)}
                </time>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <RatingCard token={token} view={view} onChange={setView} />
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t("requester.conversation")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Conversation notes={view.notes} />
          <ReplyForm token={token} onChange={setView} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t("requester.files")}</CardTitle>
        </CardHeader>
        <CardContent>
          {view.attachments.length === 0 ? (
            <p className="text-sm text-gray-600">{t("requester.noFiles")}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {view.attachments.map((a) => (
                <li key={a.id}>
                  <a
                    className="text-blue-700 underline"
                    href={requesterApi.downloadUrl(token, a.id)}
                    rel="noreferrer"
                  >
                    {a.originalName}
                  </a>{" "}
                  <span className="text-gray-600">
                    {t("requester.size", { size: Math.max(1, Math.round(a.fileSize / 1024)) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
