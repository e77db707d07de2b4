import { useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Dialog } from "../../../src/ui/Dialog";
import { Spinner } from "../../../src/ui/Spinner";
import { serverMessage } from "../../lib/api";
import { createWebhook, useWebhooks } from "../../lib/queries/webhooks";
import { useSettingsMutation } from "./use-settings-mutation";
import { EMPTY_WEBHOOK, WebhookForm } from "./WebhookForm";
import { WebhookItem } from "./WebhookItem";
import { WebhookSecret } from "./WebhookSecret";
import { useI18n } from "../../../src/i18n/react";

/** Settings → Integrations: webhooks that receive signed ticket events. */
export function IntegrationsPanel() {
  const { t } = useI18n();
  const hooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const create = useSettingsMutation(createWebhook, {
    success: { title: t("mail.hook.added") },
    failure: (m) => ({ title: t("mail.hook.addFailed"), description: m ?? undefined }),
    onSuccess: (r) => {
      setAdding(false);
      setSecret(r.secret);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("mail.hook.title")}</CardTitle>
        <p className="text-sm text-gray-600">{t("mail.hook.intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          onClick={() => {
            setAddError(null);
            setAdding(true);
          }}
        >
          {t("mail.hook.add")}
        </Button>
        {secret && <WebhookSecret secret={secret} onDone={() => setSecret(null)} />}
        {hooks.isPending && <Spinner />}
        {hooks.isSuccess && hooks.data.length === 0 && (
          <p className="text-sm text-gray-600">{t("mail.hook.none")}</p>
        )}
        <ul className="space-y-3" aria-label={t("mail.hook.title")}>
          {hooks.data?.map((h) => (
            <WebhookItem key={h.id} hook={h} />
          ))}
        </ul>
        <Dialog open={adding} onOpenChange={setAdding} title={t("mail.hook.add")}>
          <WebhookForm
            initial={EMPTY_WEBHOOK}
            submitLabel={t("mail.hook.add")}
            pending={create.isPending}
            serverError={addError}
            onSubmit={(input) =>
              create.mutate(input, { onError: (err) => setAddError(serverMessage(err, "")) })
            }
          />
        </Dialog>
      </CardContent>
    </Card>
  );
}
