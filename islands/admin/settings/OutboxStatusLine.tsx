import { useOutboxStatus } from "../../lib/queries/email-routing";
import { useI18n } from "../../../src/i18n/react";

/** Outbox state for admins: queued, sent, failed and the last delivery error. */
export function OutboxStatusLine() {
  const { t } = useI18n();
  const q = useOutboxStatus();
  if (!q.data) return null;
  const s = q.data;
  return (
    <div className="text-sm text-gray-600" data-testid="outbox-status">
      <p>
        {t("mail.outbox.counts", { pending: s.pending, sent: s.sent, failed: s.failed })}
        {!s.smtpConfigured && t("mail.outbox.noSmtp")}
      </p>
      {s.staleWaiting > 0 && <p>{t("mail.outbox.stale", { count: s.staleWaiting })}</p>}
      {s.heldForAddress > 0 && (
        <p className="text-amber-800">{t("mail.outbox.held", { count: s.heldForAddress })}</p>
      )}
      {s.dropped > 0 && <p>{t("mail.outbox.dropped", { count: s.dropped })}</p>}
      {s.lastError && <p className="text-red-700">{t("mail.health.lastError", { error: s.lastError })}</p>}
    </div>
  );
}
