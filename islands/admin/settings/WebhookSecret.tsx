import { useI18n } from "../../../src/i18n/react";

const HEADER = "X-Helpdesk-Signature";

/** The signing secret, right after create or rotate: the only time the server sends it. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useI18n();
  // the header's name is code, set apart inside the translated sentence
  const [before, after] = t("mail.hook.secretHeader", { header: HEADER }).split(HEADER);
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-gray-900">
      <p>
        {t("mail.hook.secretOnce")} {before}
        <code>{HEADER}</code>
        {after}
      </p>
      <code className="mt-2 block break-all font-mono" data-testid="webhook-secret">
        {secret}
      </code>
      <button type="button" className="mt-2 text-sm font-medium text-blue-700 underline" onClick={onDone}>
        {t("mail.hook.copied")}
      </button>
    </div>
  );
}
