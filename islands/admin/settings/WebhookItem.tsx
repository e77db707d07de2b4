import { useState } from "react";
import { Button } from "../../../src/ui/Button";
import { ConfirmDialog, Dialog } from "../../../src/ui/Dialog";
import {
  deleteWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from "../../lib/queries/webhooks";
import { WEBHOOK_EVENT_LABELS, type WebhookDto } from "../../../src/shared/schemas/webhook";
import { useSettingsMutation } from "./use-settings-mutation";
import { WebhookDeliveries, outcomeOf } from "./WebhookDeliveries";
import { WebhookForm } from "./WebhookForm";
import { WebhookSecret } from "./WebhookSecret";
import { serverMessage } from "../../lib/api";

/** One webhook: its settings at a glance, and edit, test, rotate, delete and the delivery log. */
export function WebhookItem({ hook }: { hook: WebhookDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const update = useSettingsMutation(updateWebhook, {
    success: { title: "Webhook saved" },
    failure: (m) => ({ title: "Failed to save webhook", description: m ?? undefined }),
    onSuccess: () => setEditing(false),
  });
  const test = useSettingsMutation(sendWebhookTest, {
    success: (r) => ({ title: r.message }),
    failure: (m) => ({ title: "Failed to queue the test", description: m ?? undefined }),
    onSuccess: () => setShowLog(true),
  });
  const rotate = useSettingsMutation(rotateWebhookSecret, {
    success: { title: "New signing secret created" },
    failure: (m) => ({ title: "Failed to rotate the secret", description: m ?? undefined }),
    onSuccess: (r) => setSecret(r.secret),
  });
  const remove = useSettingsMutation(deleteWebhook, {
    success: { title: "Webhook deleted" },
    failure: (m) => ({ title: "Failed to delete webhook", description: m ?? undefined }),
  });
  const last = hook.lastDelivery;
  return (
    <li className="space-y-2 rounded-md border border-gray-200 p-3" data-testid="webhook">
      <p className="break-all font-medium text-gray-900">{hook.url}</p>
      <p className="text-sm text-gray-700">
        {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(", ")}
        {hook.includeInternal && " (with internal notes)"} · {hook.active ? "Active" : "Paused"}
      </p>
      <p className="text-sm text-gray-600">
        Last delivery:{" "}
        {last
          ? `${last.status}, ${outcomeOf(last)}, ${new Date(last.lastAttemptAt!).toLocaleString()}`
          : "none yet"}
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
          Edit
        </Button>
        <Button variant="outline" disabled={test.isPending} onClick={() => test.mutate(hook.id)}>
          Send test
        </Button>
        <Button variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate(hook.id)}>
          Rotate secret
        </Button>
        <Button variant="outline" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {showLog && <WebhookDeliveries webhookId={hook.id} />}
      <Dialog open={editing} onOpenChange={setEditing} title="Edit webhook">
        <WebhookForm
          initial={hook}
          submitLabel="Save"
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
        title="Delete webhook?"
        description={`Deliveries to ${hook.url} stop, and its delivery log is removed.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(hook.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
