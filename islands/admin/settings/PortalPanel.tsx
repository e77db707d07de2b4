import { useId } from "react";
import type { TrackingMode } from "../../../src/shared/dto";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setPortalTracking, usePortalSettings } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";
import { OfficeLanguageField } from "./OfficeLanguageField";

const MODES = [
  { value: "verified", label: "settings.portal.verified", help: "settings.portal.verifiedHelp" },
  { value: "open", label: "settings.portal.open", help: "settings.portal.openHelp" },
] as const satisfies readonly { value: TrackingMode; label: string; help: string }[];

/** Settings → Portal: how much the public tracker shows to someone who only knows a number or an address. */
export function PortalPanel() {
  const id = useId();
  const { t } = useI18n();
  const settings = usePortalSettings();
  const save = useSettingsMutation(setPortalTracking, {
    success: (r) => ({
      title: t(r.tracking === "open" ? "settings.portal.nowOpen" : "settings.portal.nowVerified"),
    }),
    failure: (m) => ({ title: t("settings.saveFailed"), description: m ?? undefined }),
  });
  const locked = settings.data?.setByEnvironment ?? false;
  return (
    <Card data-testid="portal-settings">
      <CardHeader>
        <CardTitle level={2}>{t("settings.portal.tracking")}</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.data && (
          <fieldset className="flex flex-col gap-3" disabled={locked || save.isPending}>
            <legend className="mb-2 text-sm text-gray-700">{t("settings.portal.trackingLegend")}</legend>
            {MODES.map((m) => (
              <label key={m.value} htmlFor={`${id}-${m.value}`} className="flex items-start gap-2 text-sm">
                <input
                  id={`${id}-${m.value}`}
                  type="radio"
                  name={`${id}-tracking`}
                  className="mt-1"
                  checked={settings.data.tracking === m.value}
                  onChange={() => save.mutate({ tracking: m.value })}
                />
                <span>
                  <span className="font-medium text-gray-900">{t(m.label)}</span>
                  <span className="block text-gray-700">{t(m.help)}</span>
                </span>
              </label>
            ))}
            {locked && (
              <p className="text-sm font-medium text-amber-800">{t("settings.portal.trackingLocked")}</p>
            )}
          </fieldset>
        )}
        <OfficeLanguageField />
      </CardContent>
    </Card>
  );
}
