import { z } from "zod";
import type { Deps } from "../deps";
import type { WeatherAnswer, WeatherDto } from "../shared/dto";
import { WEATHER_CACHE_MS } from "../shared/constants";
import { DomainError, unavailable } from "../errors/domain-error";
import { weatherCardOn } from "../settings/weather-card";
import { log } from "../log";
import { cached } from "./cache";

// WMO weather interpretation codes, as documented by Open-Meteo.
const WMO: Record<number, string> = {
  0: "Clear sky",
  1: "Mainly clear",
  2: "Partly cloudy",
  3: "Overcast",
  45: "Fog",
  48: "Depositing rime fog",
  51: "Light drizzle",
  53: "Moderate drizzle",
  55: "Dense drizzle",
  56: "Light freezing drizzle",
  57: "Dense freezing drizzle",
  61: "Slight rain",
  63: "Moderate rain",
  65: "Heavy rain",
  66: "Light freezing rain",
  67: "Heavy freezing rain",
  71: "Slight snow fall",
  73: "Moderate snow fall",
  75: "Heavy snow fall",
  77: "Snow grains",
  80: "Slight rain showers",
  81: "Moderate rain showers",
  82: "Violent rain showers",
  85: "Slight snow showers",
  86: "Heavy snow showers",
  95: "Thunderstorm",
  96: "Thunderstorm with slight hail",
  99: "Thunderstorm with heavy hail",
};
/** Strong wind (km/h) on an otherwise dry day reads as "Windy", so the card can show the wind icon. */
const WINDY_KMH = 40;
export const WEATHER_UNAVAILABLE = "Weather is unavailable right now. Please try again later.";

const forecastSchema = z.object({
  current: z.object({
    temperature_2m: z.number(),
    weather_code: z.number().int(),
    wind_speed_10m: z.number().optional(),
  }),
  current_units: z
    .object({ temperature_2m: z.string().max(8) })
    .partial()
    .optional(),
});

function describeWeather(code: number, windKmh = 0): string {
  if (windKmh >= WINDY_KMH && code <= 3) return "Windy";
  return WMO[code] ?? "Unknown";
}

async function fetchForecast(config: Deps["config"]["weather"], timeoutMs: number): Promise<WeatherDto> {
  const url = new URL(config.url);
  url.searchParams.set("latitude", String(config.latitude));
  url.searchParams.set("longitude", String(config.longitude));
  url.searchParams.set("current", "temperature_2m,weather_code,wind_speed_10m");
  url.searchParams.set("wind_speed_unit", "kmh");
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`weather provider answered ${res.status}`);
  const { current, current_units } = forecastSchema.parse(await res.json());
  const unit = current_units?.temperature_2m ?? "°C";
  return {
    condition: describeWeather(current.weather_code, current.wind_speed_10m),
    temp: `${Math.round(current.temperature_2m)}${unit}`,
    location: config.location,
    code: current.weather_code,
  };
}

/** Current weather at the configured place, cached 30 minutes; 503 when the provider fails. */
export async function getWeather(
  deps: Pick<Deps, "config" | "cache" | "now">,
  timeoutMs = 5000,
): Promise<WeatherDto> {
  try {
    return await cached(deps, "weather", WEATHER_CACHE_MS, () =>
      fetchForecast(deps.config.weather, timeoutMs),
    );
  } catch (err) {
    log.warn("weather provider failed", { error: String((err as Error)?.message ?? err) });
    throw unavailable(WEATHER_UNAVAILABLE);
  }
}

/**
 * What the dashboard asks for: the weather, or a plain answer that it is unavailable or switched off, so
 * an office without internet sees a note on the card rather than a failed request.
 */
export async function dashboardWeather(
  deps: Pick<Deps, "config" | "cache" | "now" | "db">,
): Promise<WeatherAnswer> {
  if (!weatherCardOn(deps.db)) return { off: true };
  try {
    return await getWeather(deps);
  } catch (err) {
    if (err instanceof DomainError && err.code === "unavailable")
      return { unavailable: true, message: err.message };
    throw err;
  }
}
