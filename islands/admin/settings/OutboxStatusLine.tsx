import { useOutboxStatus } from "../../lib/queries/email-routing";

/** Outbox state for admins: queued, sent, failed and the last delivery error. */
export function OutboxStatusLine() {
  const q = useOutboxStatus();
  if (!q.data) return null;
  const s = q.data;
  return (
    <div className="text-sm text-gray-600" data-testid="outbox-status">
      <p>
        Outbox: {s.pending} queued, {s.sent} sent, {s.failed} failed
        {!s.smtpConfigured && " — SMTP_URL is not set, so messages stay queued"}
      </p>
      {s.lastError && <p className="text-red-700">Last error: {s.lastError}</p>}
    </div>
  );
}
