import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, Label } from "../../../src/ui/Input";
import { retryFailedMail, sendTestMail, useMailHealth } from "../../lib/queries/mail";
import { useSettingsMutation } from "./use-settings-mutation";
import { useI18n } from "../../../src/i18n/react";

/** Mail in and out at a glance, with a test message and a retry of what failed. */
export function MailHealthPanel() {
  const id = useId();
  const { t, message, dateTime } = useI18n();
  const at = (iso: string | null) => (iso ? dateTime(iso) : t("mail.never"));
  const health = useMailHealth();
  const [to, setTo] = useState("");
  const test = useSettingsMutation(sendTestMail, {
    success: (r) => ({ title: message(r.message) }),
    failure: (m) => ({ title: t("mail.health.testFailed"), description: m ?? undefined }),
  });
  const retry = useSettingsMutation(retryFailedMail, {
    success: (r) => ({ title: message(r.message) }),
    failure: (m) => ({ title: t("mail.health.retryFailed"), description: m ?? undefined }),
  });
  const h = health.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("mail.health.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm" data-testid="mail-health">
        {h && (
          <dl className="grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="font-medium text-gray-900">{t("mail.health.outgoing")}</dt>
              <dd className="text-gray-700">
                {h.outbound.smtpConfigured ? t("mail.health.smtp") : t("mail.health.noSmtp")};{" "}
                {t("mail.health.counts", { pending: h.outbound.pending, failed: h.outbound.failed })}
                {h.outbound.heldForAddress > 0 && (
                  <span className="block text-amber-800" data-testid="held-for-address">
                    {t("mail.health.held", { count: h.outbound.heldForAddress })}
                  </span>
                )}
                {h.outbound.lastError && (
                  <span className="block text-red-700">
                    {t("mail.health.lastError", { error: h.outbound.lastError })}
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">{t("mail.health.incoming")}</dt>
              <dd className="text-gray-700">
                {h.inbound.configured
                  ? t("mail.health.checked", {
                      at: at(h.inbound.lastPollAt),
                      processed: h.inbound.processed,
                      skipped: h.inbound.skippedLastWeek,
                    })
                  : t("mail.health.noImap")}
                {h.inbound.lastError && (
                  <span className="block text-red-700">
                    {t("mail.health.lastError", { error: h.inbound.lastError })}
                  </span>
                )}
              </dd>
            </div>
          </dl>
        )}
        {h?.backup.warning && (
          <p className="text-red-700" data-testid="backup-warning">
            {t("mail.health.backups", { warning: message(h.backup.warning), at: at(h.backup.lastAt) })}
          </p>
        )}
        {h && (h.replication.litestream.enabled || h.replication.uploadsCopy.enabled) && (
          <p className="text-gray-700" data-testid="replication-health">
            {[
              t("mail.health.copies"),
              ...(h.replication.litestream.enabled
                ? [
                    t("mail.health.replicated", {
                      at: at(h.replication.litestream.replicatedAt),
                      position: h.replication.litestream.position ?? t("mail.health.noPosition"),
                    }),
                  ]
                : []),
              ...(h.replication.uploadsCopy.enabled
                ? [t("mail.health.uploads", { at: at(h.replication.uploadsCopy.copiedAt) })]
                : []),
            ].join(" ")}
            {h.replication.warning && (
              <span className="block text-red-700" data-testid="replication-warning">
                {message(h.replication.warning)}
              </span>
            )}
          </p>
        )}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate(to.trim() ? { to: to.trim() } : {});
          }}
        >
          <div className="flex min-w-56 flex-1 flex-col gap-1">
            <Label htmlFor={`${id}-to`}>{t("mail.health.sendTo")}</Label>
            <Input
              id={`${id}-to`}
              type="email"
              placeholder={t("mail.health.ownAddress")}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={test.isPending}>
            {t("mail.health.send")}
          </Button>
          <Button
            variant="outline"
            onClick={() => retry.mutate()}
            disabled={retry.isPending || !h?.outbound.failed}
          >
            {t("mail.health.retry")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
