import { useEffect, useState } from "react";
import { Check, CheckCircle2, Copy } from "../../src/ui/icons";
import { Button } from "../../src/ui/Button";
import { Card, CardContent } from "../../src/ui/Card";
import { COPY_CONFIRM_MS } from "../../src/shared/constants";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";

/** Clipboard API where allowed; a hidden textarea on plain-http LAN installs where it is not. */
async function copyText(text: string) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = Object.assign(document.createElement("textarea"), { value: text });
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

/** The confirmation card: ticket id, copy button (check icon for 2 s), two actions. */
export function Confirmation({
  ticketId,
  privateLink,
  promise,
  onAnother,
  onSearch,
}: {
  ticketId: string;
  /** The portal's promise line, as the banner says it; empty when the office hides it. */
  promise: string;
  /** Verified tracking: this browser's own way to its ticket, since the number alone shows only its status. */
  privateLink: string | null;
  onAnother: () => void;
  onSearch: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    await copyText(ticketId).catch(() => {});
    setCopied(true);
    toast({ title: t("confirm.copied"), description: t("confirm.copiedText") });
  };
  return (
    <Card className="mx-auto mt-4 max-w-xl text-center">
      <CardContent className="flex flex-col items-center gap-4 p-6 sm:p-8">
        <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{t("confirm.title")}</h2>
        <p className="text-sm text-gray-600">
          {promise ? `${t("confirm.text")} ${promise}` : t("confirm.text")}
        </p>
        <div className="flex items-center gap-2 rounded-md border bg-gray-50 px-4 py-2 border-gray-200">
          <span className="font-mono text-lg font-semibold" data-testid="confirmation-ticket-id">
            {ticketId}
          </span>
          <Button
            variant="ghost"
            size="icon"
            onClick={copy}
            aria-label={copied ? t("confirm.copiedLabel") : t("confirm.copyLabel")}
          >
            {copied ? (
              <Check className="h-4 w-4 text-green-600" data-icon="check" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" data-icon="copy" aria-hidden="true" />
            )}
          </Button>
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button variant="outline" onClick={onAnother}>
            {t("confirm.another")}
          </Button>
          <Button variant={privateLink ? "outline" : "default"} onClick={onSearch}>
            {t("confirm.search")}
          </Button>
          {privateLink && (
            <a
              href={privateLink}
              className="inline-flex h-10 items-center justify-center rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
            >
              {t("confirm.open")}
            </a>
          )}
        </div>
        {privateLink && <p className="text-xs text-gray-600">{t("confirm.private")}</p>}
      </CardContent>
    </Card>
  );
}
