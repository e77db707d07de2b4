import { useId, useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { type MailSettings, saveMailSettings, useMailSettings } from "../../lib/queries/mail";
import { useSettingsMutation } from "./use-settings-mutation";

const SWITCHES = [
  "confirmation",
  "staffReply",
  "completed",
  "burnt",
  "notifyStaffOnReply",
] as const satisfies (keyof MailSettings)[];

/** Which e-mails the requester gets, each switched on its own. */
export function RequesterMailPanel() {
  const id = useId();
  const { t } = useI18n();
  const settings = useMailSettings();
  const save = useSettingsMutation(saveMailSettings, {
    success: { title: t("settings.requesterMail.saved") },
    failure: (m) => ({ title: t("settings.requesterMail.saveFailed"), description: m ?? undefined }),
  });
  // The box moves at once; the saved settings take over again once the server has answered.
  const [draft, setDraft] = useState<MailSettings | null>(null);
  const s = draft ?? settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settings.requesterMail.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {s && (
          <fieldset className="space-y-2">
            <legend className="sr-only">{t("settings.requesterMail.legend")}</legend>
            {SWITCHES.map((key) => (
              <label
                key={key}
                htmlFor={`${id}-${key}`}
                className="flex items-center gap-2 text-sm text-gray-800"
              >
                <input
                  id={`${id}-${key}`}
                  type="checkbox"
                  checked={s[key]}
                  onChange={(e) => {
                    const next = { ...s, [key]: e.target.checked };
                    setDraft(next);
                    save.mutate(next, { onSettled: () => setDraft(null) });
                  }}
                />
                {t(`settings.requesterMail.${key}`)}
              </label>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
