import { TicketCardHeader } from "./tickets/TicketCardHeader";
import { useState } from "react";
import type { RequesterViewDto } from "../src/shared/dto";
import { Card, CardContent, CardHeader, CardTitle } from "../src/ui/Card";
import { requesterApi } from "./lib/queries/requester";
import { publicTimeline } from "./portal/public-status";
import { fullDateTime } from "../src/shared/relative-time";
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
  const t = view.ticket;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{`Your ticket ${t.ticketId}`}</h1>
      <Card>
        <TicketCardHeader ticketId={t.ticketId} ticketType={t.ticketType} status={t.status} />
        <CardContent className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Row label="Submitted by" value={`${t.firstName} ${t.lastName}`} />
            <Row label="Email" value={t.email} />
            <Row label="Phone" value={t.phone} />
            <Row label="Company" value={t.companyName} />
            <Row label="Department" value={t.department} />
            <Row label="Priority" value={t.priority} />
            {(view.customFields ?? []).map((f) => (
              <Row key={f.label} label={f.label} value={f.value} />
            ))}
          </dl>
          <div>
            <h3 className="text-xs font-medium uppercase tracking-wide text-gray-600">Description</h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm">{t.description}</p>
          </div>
          <ol className="flex flex-col gap-1 text-sm" aria-label="Timeline">
            {publicTimeline({ ...t, id: 0, companyId: null, date: null, time: null }).map((s) => (
              <li key={s.label}>
                <span className="font-medium">{s.label}</span>{" "}
                <time dateTime={s.at} className="text-gray-600" suppressHydrationWarning>
                  {fullDateTime(s.at)}
                </time>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <RatingCard token={token} view={view} onChange={setView} />
      <Card>
        <CardHeader>
          <CardTitle level={2}>Conversation</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Conversation notes={view.notes} />
          <ReplyForm token={token} onChange={setView} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Files</CardTitle>
        </CardHeader>
        <CardContent>
          {view.attachments.length === 0 ? (
            <p className="text-sm text-gray-600">No files yet.</p>
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
                  <span className="text-gray-600">({Math.max(1, Math.round(a.fileSize / 1024))} KB)</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
