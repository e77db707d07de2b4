import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setWeatherCard, useWeatherCard } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the dashboard's weather card, which an office without internet may not want. */
export function WeatherCardToggle() {
  const id = useId();
  const card = useWeatherCard();
  const save = useSettingsMutation(setWeatherCard, {
    success: (r) => ({ title: r.enabled ? "Weather card shown" : "Weather card hidden" }),
    failure: (m) => ({ title: "Failed to save the setting", description: m ?? undefined }),
  });
  return (
    <Card data-testid="weather-card-setting">
      <CardHeader>
        <CardTitle level={2}>Dashboard Weather</CardTitle>
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
            Show the weather on the dashboard (from Open-Meteo, needs internet access)
          </label>
        )}
      </CardContent>
    </Card>
  );
}
