import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { getWeather, WEATHER_UNAVAILABLE } from "../../src/dashboard/weather";
import { NOW } from "../../src/dashboard/summary.fixtures";
import { hang, openMeteo, provider } from "../../src/dashboard/provider.fixtures";

let t: TestApp | undefined;
const stops: (() => void)[] = [];
afterEach(() => {
  t?.close();
  t = undefined;
});
afterAll(() => {
  for (const stop of stops) stop();
});
let clock = NOW;
async function appWith(env: Record<string, string>) {
  clock = NOW;
  t = await createTestApp({ env, now: () => clock });
  return { t, cookie: await t.loginAs("admin") };
}
function start(answer: Parameters<typeof provider>[0]) {
  const p = provider(answer);
  stops.push(p.stop);
  return p;
}

describe("weather", () => {
  test("signed-out visitors get 401 for weather and summary", async () => {
    const { t } = await appWith({});
    expect((await t.request("/api/admin/weather")).status).toBe(401);
    expect((await t.request("/api/admin/ai-summary")).status).toBe(401);
  });

  test("shows the provider's condition and temperature at the configured place", async () => {
    const p = start(() => openMeteo(61, 12.6));
    const { t, cookie } = await appWith({
      WEATHER_URL: `${p.url}/v1/forecast`,
      WEATHER_LATITUDE: "52.52",
      WEATHER_LONGITUDE: "13.41",
      WEATHER_LOCATION: "Berlin",
    });
    const res = await t.request("/api/admin/weather", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      condition: "Slight rain",
      temp: "13°C",
      location: "Berlin",
      code: 61,
    });
    const q = p.calls[0]!.url.searchParams;
    expect([q.get("latitude"), q.get("longitude"), p.calls[0]!.url.pathname]).toEqual([
      "52.52",
      "13.41",
      "/v1/forecast",
    ]);
  });

  test("strong wind on a dry day reads as Windy", async () => {
    const p = start(() => openMeteo(1, 9, 55));
    const { t, cookie } = await appWith({ WEATHER_URL: p.url });
    expect((await (await t.request("/api/admin/weather", { cookie })).json()).condition).toBe("Windy");
  });

  test("many staff looking cause one upstream call per 30 minutes", async () => {
    const p = start(() => openMeteo(0, 20));
    const { t, cookie } = await appWith({ WEATHER_URL: p.url });
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => t.request("/api/admin/weather", { cookie })),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    clock = new Date(NOW.getTime() + 29 * 60_000);
    await t.request("/api/admin/weather", { cookie });
    expect(p.calls.length).toBe(1);
    clock = new Date(NOW.getTime() + 31 * 60_000);
    await t.request("/api/admin/weather", { cookie });
    expect(p.calls.length).toBe(2);
  });

  test("a provider error or garbage answers 503 with a message, and is not cached", async () => {
    let mode = "500";
    const p = start(() =>
      mode === "500"
        ? new Response("boom", { status: 500 })
        : mode === "html"
          ? new Response("<html>hi</html>")
          : mode === "shape"
            ? Response.json({ current: { temperature_2m: "warm" } })
            : openMeteo(3, 4),
    );
    const { t, cookie } = await appWith({ WEATHER_URL: p.url });
    for (const m of ["500", "html", "shape"]) {
      mode = m;
      const res = await t.request("/api/admin/weather", { cookie });
      expect([res.status, (await res.json()).message]).toEqual([503, WEATHER_UNAVAILABLE]);
    }
    mode = "ok";
    expect((await (await t.request("/api/admin/weather", { cookie })).json()).condition).toBe("Overcast");
  });

  test("a hanging or unreachable provider gives up quickly with 503", async () => {
    const p = start(hang);
    const { t } = await appWith({ WEATHER_URL: p.url });
    const started = Date.now();
    await expect(getWeather(t.deps, 300)).rejects.toMatchObject({
      code: "unavailable",
      message: WEATHER_UNAVAILABLE,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    t.close();
    const closed = await appWith({ WEATHER_URL: "http://127.0.0.1:9/forecast" });
    expect((await closed.t.request("/api/admin/weather", { cookie: closed.cookie })).status).toBe(503);
  });
});
