// Test-only: real HTTP providers on loopback answering in Open-Meteo's and OpenAI's formats.

/** A loopback server that records every request; stop() closes it and any hanging connections. */
export function provider(answer: (req: Request) => Response | Promise<Response>) {
  const calls: { url: URL; headers: Headers; body: string }[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (req) => {
      calls.push({ url: new URL(req.url), headers: req.headers, body: await req.text() });
      return answer(req);
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, calls, stop: () => server.stop(true) };
}

/** An Open-Meteo /v1/forecast body with `current` values, as the real API sends it. */
export const openMeteo = (code: number, temp: number, wind = 8) =>
  Response.json({
    latitude: 52.52,
    longitude: 13.41,
    generationtime_ms: 0.03,
    utc_offset_seconds: 0,
    timezone: "GMT",
    elevation: 38,
    current_units: {
      time: "iso8601",
      interval: "seconds",
      temperature_2m: "°C",
      weather_code: "wmo code",
      wind_speed_10m: "km/h",
    },
    current: {
      time: "2026-06-10T15:00",
      interval: 900,
      temperature_2m: temp,
      weather_code: code,
      wind_speed_10m: wind,
    },
  });

/** An OpenAI chat.completion body whose assistant message is `content`. */
export const chatCompletion = (content: string) =>
  Response.json({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1781100000,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

/** A provider that accepts the request and never answers. */
export const hang = () => new Promise<Response>(() => {});
