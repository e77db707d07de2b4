import { useId, useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setTwoFactorPolicy, useTwoFactorPolicy } from "../../lib/queries/two-factor";
import { useSettingsMutation } from "./use-settings-mutation";

/** Whether every account must sign in with a second factor; those without one set it up at next sign-in. */
export function TwoFactorPolicyPanel() {
  const id = useId();
  const { t } = useI18n();
  const policy = useTwoFactorPolicy();
  const save = useSettingsMutation(setTwoFactorPolicy, {
    success: (r) => ({
      title: t(r.required ? "settings.2fa.nowRequired" : "settings.2fa.nowOptional"),
    }),
    failure: (m) => ({ title: t("settings.saveFailed"), description: m ?? undefined }),
  });
  // The box moves at once; the saved setting takes over again once the server has answered.
  const [draft, setDraft] = useState<boolean | null>(null);
  const checked = draft ?? policy.data?.required ?? false;
  return (
    <Card className="mb-4" data-testid="two-factor-policy">
      <CardHeader>
        <CardTitle level={2}>{t("settings.2fa.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {policy.data && (
          <label htmlFor={id} className="flex items-start gap-2 text-sm text-gray-800">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5"
              checked={checked}
              disabled={save.isPending}
              onChange={(e) => {
                setDraft(e.target.checked);
                save.mutate({ required: e.target.checked }, { onSettled: () => setDraft(null) });
              }}
            />
            <span>{t("settings.2fa.require")}</span>
          </label>
        )}
      </CardContent>
    </Card>
  );
}
