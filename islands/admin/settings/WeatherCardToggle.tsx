import { useId } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setWeatherCard, useWeatherCard } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the dashboard's weather card, which an office without internet may not want. */
export function WeatherCardToggle() {
  const id = useId();
  const { t } = useI18n();
  const card = useWeatherCard();
  const save = useSettingsMutation(setWeatherCard, {
    success: (r) => ({
      title: t(r.enabled ? "settings.portal.weatherShown" : "settings.portal.weatherHidden"),
    }),
    failure: (m) => ({ title: t("settings.saveFailed"), description: m ?? undefined }),
  });
  return (
    <Card data-testid="weather-card-setting">
      <CardHeader>
        <CardTitle level={2}>{t("settings.portal.weather")}</CardTitle>
      </CardHeader>
      <CardContent>
        {card.data && (
          <label htmlFor={`${id}-on`} className="flex items-center gap-2 text-sm">
            <input
              id={`${id}-on`}
              type="checkbox"
              checked={card.data.enabled}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ enabled: e.target.checked })}
            />
            {t("settings.portal.weatherToggle")}
          </label>
        )}
      </CardContent>
    </Card>
  );
}
