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
        {!s.smtpConfigured && " — outgoing mail is not set up, so messages stay queued"}
      </p>
      {s.staleWaiting > 0 && (
        <p>{s.staleWaiting} receipt(s) older than a day will be dropped, not sent, when sending starts.</p>
      )}
      {s.heldForAddress > 0 && (
        <p className="text-amber-800">
          {s.heldForAddress} e-mail(s) with a link held until the public address is set (Settings → Portal).
        </p>
      )}
      {s.dropped > 0 && <p>{s.dropped} stale receipt(s) dropped when sending resumed.</p>}
      {s.lastError && <p className="text-red-700">Last error: {s.lastError}</p>}
    </div>
  );
}
