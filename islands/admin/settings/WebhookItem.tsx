import { useState } from "react";
import { Button } from "../../../src/ui/Button";
import { ConfirmDialog, Dialog } from "../../../src/ui/Dialog";
import {
  deleteWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from "../../lib/queries/webhooks";
import type { WebhookDto } from "../../../src/shared/schemas/webhook";
import { useI18n } from "../../../src/i18n/react";
import { useSettingsMutation } from "./use-settings-mutation";
import { WebhookDeliveries, outcomeOf } from "./WebhookDeliveries";
import { WebhookForm } from "./WebhookForm";
import { WebhookSecret } from "./WebhookSecret";
import { serverMessage } from "../../lib/api";

/** One webhook: its settings at a glance, and edit, test, rotate, delete and the delivery log. */
export function WebhookItem({ hook }: { hook: WebhookDto }) {
  const { t, dateTime, message } = useI18n();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const update = useSettingsMutation(updateWebhook, {
    success: { title: t("mail.hook.saved") },
    failure: (m) => ({ title: t("mail.hook.saveFailed"), description: m ?? undefined }),
    onSuccess: () => setEditing(false),
  });
  const test = useSettingsMutation(sendWebhookTest, {
    success: (r) => ({ title: message(r.message) }),
    failure: (m) => ({ title: t("mail.hook.testFailed"), description: m ?? undefined }),
    onSuccess: () => setShowLog(true),
  });
  const rotate = useSettingsMutation(rotateWebhookSecret, {
    success: { title: t("mail.hook.rotated") },
    failure: (m) => ({ title: t("mail.hook.rotateFailed"), description: m ?? undefined }),
    onSuccess: (r) => setSecret(r.secret),
  });
  const remove = useSettingsMutation(deleteWebhook, {
    success: { title: t("mail.hook.deleted") },
    failure: (m) => ({ title: t("mail.hook.deleteFailed"), description: m ?? undefined }),
  });
  const last = hook.lastDelivery;
  return (
    <li className="space-y-2 rounded-md border border-gray-200 p-3" data-testid="webhook">
      <p className="break-all font-medium text-gray-900">{hook.url}</p>
      <p className="text-sm text-gray-700">
        {hook.events.map((e) => t(`mail.event.${e}`)).join(", ")}
        {hook.includeInternal && ` ${t("mail.hook.withInternal")}`} ·{" "}
        {hook.active ? t("mail.hook.active") : t("mail.hook.paused")}
      </p>
      <p className="text-sm text-gray-600">
        {t("mail.hook.lastDelivery", {
          what: last
            ? [t(`mail.delivery.${last.status}`), outcomeOf(t, last), dateTime(last.lastAttemptAt!)].join(
                ", ",
              )
            : t("mail.hook.noneYet"),
        })}
      </p>
      {secret && <WebhookSecret secret={secret} onDone={() => setSecret(null)} />}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => {
            setEditError(null);
            setEditing(true);
          }}
        >
          {t("mail.hook.edit")}
        </Button>
        <Button variant="outline" disabled={test.isPending} onClick={() => test.mutate(hook.id)}>
          {t("mail.hook.sendTest")}
        </Button>
        <Button variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate(hook.id)}>
          {t("mail.hook.rotate")}
        </Button>
        <Button variant="outline" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? t("mail.hook.hideLog") : t("mail.hook.log")}
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          {t("ui.delete")}
        </Button>
      </div>
      {showLog && <WebhookDeliveries webhookId={hook.id} />}
      <Dialog open={editing} onOpenChange={setEditing} title={t("mail.hook.editTitle")}>
        <WebhookForm
          initial={hook}
          submitLabel={t("mail.save")}
          pending={update.isPending}
          serverError={editError}
          onSubmit={(input) =>
            update.mutate({ id: hook.id, input }, { onError: (err) => setEditError(serverMessage(err, "")) })
          }
        />
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("mail.hook.deleteTitle")}
        description={t("mail.hook.deleteText", { url: hook.url })}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(hook.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
