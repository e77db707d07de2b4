import { Spinner } from "../../../src/ui/Spinner";
import { useWebhookDeliveries } from "../../lib/queries/webhooks";
import type { WebhookDeliveryDto } from "../../../src/shared/schemas/webhook";
import type { Translator } from "../../../src/i18n/translator";
import { useI18n } from "../../../src/i18n/react";

const STATUS_STYLE: Record<WebhookDeliveryDto["status"], string> = {
  delivered: "text-green-800",
  pending: "text-amber-800",
  sending: "text-blue-800",
  failed: "text-red-700",
};

/** Outcome of the last attempt in words: the HTTP status, or why there was none. */
export const outcomeOf = (t: Translator["t"], d: Pick<WebhookDeliveryDto, "lastStatus" | "lastError">) =>
  [
    d.lastStatus ? `HTTP ${d.lastStatus}` : null,
    d.lastStatus && d.lastError?.startsWith("HTTP") ? null : d.lastError,
  ]
    .filter(Boolean)
    .join(" · ") || t("mail.hook.notTried");

/** The newest deliveries of one webhook: event, outcome, attempts and the next retry. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const { t, dateTime } = useI18n();
  const when = (iso: string | null) => (iso ? dateTime(iso) : "—");
  const log = useWebhookDeliveries(webhookId);
  if (log.isPending) return <Spinner label={t("mail.hook.loading")} />;
  if (!log.data?.length) return <p className="text-sm text-gray-600">{t("mail.hook.noDeliveries")}</p>;
  return (
    <ol className="divide-y divide-gray-200 text-sm" aria-label={t("mail.hook.recent")}>
      {log.data.map((d) => (
        <li key={d.id} className="flex flex-col gap-0.5 py-2" data-testid="webhook-delivery">
          <p className="flex flex-wrap gap-x-2">
            <span className="font-medium text-gray-900">{d.event}</span>
            <span className={STATUS_STYLE[d.status]}>{t(`mail.delivery.${d.status}`)}</span>
            <span className="text-gray-700">{outcomeOf(t, d)}</span>
          </p>
          <p className="text-gray-600">
            {[
              when(d.occurredAt),
              t("mail.hook.attempts", { count: d.attempts }),
              ...(d.nextAttemptAt ? [t("mail.hook.nextTry", { at: when(d.nextAttemptAt) })] : []),
            ].join(" · ")}
          </p>
          {d.responseExcerpt && (
            <p className="break-all font-mono text-xs text-gray-600">{d.responseExcerpt}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
