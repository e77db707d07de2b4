import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, Label } from "../../../src/ui/Input";
import { retryFailedMail, sendTestMail, useMailHealth } from "../../lib/queries/mail";
import { useSettingsMutation } from "./use-settings-mutation";

const at = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

/** Mail in and out at a glance, with a test message and a retry of what failed. */
export function MailHealthPanel() {
  const id = useId();
  const health = useMailHealth();
  const [to, setTo] = useState("");
  const test = useSettingsMutation(sendTestMail, {
    success: (r) => ({ title: r.message }),
    failure: (m) => ({ title: "Failed to queue the test e-mail", description: m ?? undefined }),
  });
  const retry = useSettingsMutation(retryFailedMail, {
    success: (r) => ({ title: r.message }),
    failure: (m) => ({ title: "Failed to retry", description: m ?? undefined }),
  });
  const h = health.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mail Health</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm" data-testid="mail-health">
        {h && (
          <dl className="grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="font-medium text-gray-900">Outgoing</dt>
              <dd className="text-gray-700">
                {h.outbound.smtpConfigured ? "SMTP configured" : "SMTP_URL is not set: messages stay queued"};{" "}
                {h.outbound.pending} queued, {h.outbound.failed} failed
                {h.outbound.heldForAddress > 0 && (
                  <span className="block text-amber-800" data-testid="held-for-address">
                    {h.outbound.heldForAddress} with a link held until the public address is set
                  </span>
                )}
                {h.outbound.lastError && (
                  <span className="block text-red-700">Last error: {h.outbound.lastError}</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">Incoming</dt>
              <dd className="text-gray-700">
                {h.inbound.configured
                  ? `Last checked ${at(h.inbound.lastPollAt)}; ${h.inbound.processed} replies stored, ${h.inbound.skippedLastWeek} set aside this week`
                  : "IMAP_URL is not set: replies by e-mail are not read"}
                {h.inbound.lastError && (
                  <span className="block text-red-700">Last error: {h.inbound.lastError}</span>
                )}
              </dd>
            </div>
          </dl>
        )}
        {h?.backup.warning && (
          <p className="text-red-700" data-testid="backup-warning">
            Backups: {h.backup.warning} (last backup {at(h.backup.lastAt)})
          </p>
        )}
        {h && (h.replication.litestream.enabled || h.replication.uploadsCopy.enabled) && (
          <p className="text-gray-700" data-testid="replication-health">
            Off-box copies:{" "}
            {h.replication.litestream.enabled &&
              `database replicated up to ${at(h.replication.litestream.replicatedAt)} (position ${h.replication.litestream.position ?? "none"}); `}
            {h.replication.uploadsCopy.enabled && `uploads copied ${at(h.replication.uploadsCopy.copiedAt)}`}
            {h.replication.warning && (
              <span className="block text-red-700" data-testid="replication-warning">
                {h.replication.warning}
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
            <Label htmlFor={`${id}-to`}>Send a test e-mail to</Label>
            <Input
              id={`${id}-to`}
              type="email"
              placeholder="your own address"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={test.isPending}>
            Send test e-mail
          </Button>
          <Button
            variant="outline"
            onClick={() => retry.mutate()}
            disabled={retry.isPending || !h?.outbound.failed}
          >
            Retry failed
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
