import {
  Cloud,
  CloudDrizzle,
  CloudOff,
  CloudRain,
  CloudSun,
  Snowflake,
  Sun,
  Thermometer,
  Wind,
  type LucideIcon,
} from "../../../src/ui/icons";
import { useWeather } from "../../lib/queries/dashboard";
import { useI18n } from "../../../src/i18n/react";

export type WeatherKind =
  | "snow"
  | "drizzle"
  | "rain"
  | "wind"
  | "partly-cloudy"
  | "cloudy"
  | "clear"
  | "default";
const ICONS: Record<WeatherKind, LucideIcon> = {
  snow: Snowflake,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  wind: Wind,
  "partly-cloudy": CloudSun,
  cloudy: Cloud,
  clear: Sun,
  default: Thermometer,
};

/** Icons for clear/sunny, cloudy/partly cloudy, rain/drizzle, snow, wind, or a default. */
export function weatherKind(condition: string): WeatherKind {
  const c = condition.toLowerCase();
  if (c.includes("snow")) return "snow";
  if (c.includes("drizzle")) return "drizzle";
  if (c.includes("rain") || c.includes("shower")) return "rain";
  if (c.includes("wind")) return "wind";
  if (c.includes("partly")) return "partly-cloudy";
  if (c.includes("cloud") || c.includes("overcast")) return "cloudy";
  if (c.includes("clear") || c.includes("sun")) return "clear";
  return "default";
}

/** The weather corner of the greeting card (none when switched off); never blocks or breaks the card. */
export function WeatherBadge() {
  const weather = useWeather();
  const { t } = useI18n();
  if (weather.isPending)
    return (
      <p className="text-sm text-blue-100" role="status">
        {t("greet.weatherLoading")}
      </p>
    );
  if (weather.data && "off" in weather.data) return null;
  if (weather.isError || "unavailable" in weather.data)
    return (
      <p className="flex items-center gap-2 text-sm text-blue-100" data-testid="weather">
        <CloudOff className="h-5 w-5" aria-hidden="true" /> {t("greet.weatherOff")}
      </p>
    );
  const { condition, temp, location } = weather.data;
  const kind = weatherKind(condition);
  const Icon = ICONS[kind];
  return (
    <div className="flex items-center gap-3" data-testid="weather" data-icon={kind}>
      <Icon className="h-9 w-9 shrink-0 text-yellow-200" aria-hidden="true" />
      <div className="leading-tight">
        <p className="text-2xl font-semibold">{temp}</p>
        <p className="text-sm text-blue-100">{condition}</p>
        <p className="text-xs text-blue-200">{location}</p>
      </div>
    </div>
  );
}
