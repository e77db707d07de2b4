import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { auditLogs } from "../../db/schema";
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

  test("a provider error or garbage answers 200 'unavailable' with a message (no failed request), and is not cached", async () => {
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
      expect([res.status, await res.json()]).toEqual([
        200,
        { unavailable: true, message: WEATHER_UNAVAILABLE },
      ]);
    }
    mode = "ok";
    expect((await (await t.request("/api/admin/weather", { cookie })).json()).condition).toBe("Overcast");
  });

  test("a hanging or unreachable provider gives up quickly; the dashboard hears 'unavailable', not a 503", async () => {
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
    const res = await closed.t.request("/api/admin/weather", { cookie: closed.cookie });
    expect([res.status, (await res.json()).unavailable]).toEqual([200, true]);
  });

  test("an admin turns the weather card off: audited, staff get 403, and the provider is not asked", async () => {
    const p = start(() => openMeteo(0, 20));
    const { t, cookie } = await appWith({ WEATHER_URL: p.url });
    const staff = await t.loginAs("staff");
    const off = { method: "PUT", json: { enabled: false } };
    expect((await t.request("/api/admin/portal/weather", { ...off, cookie: staff })).status).toBe(403);
    const res = await t.request("/api/admin/portal/weather", { ...off, cookie });
    expect(await res.json()).toEqual({ enabled: false });
    const audit = t.db.select().from(auditLogs).all().at(-1)!;
    expect(JSON.stringify(audit.newValue)).toContain('"weatherCard":false');
    expect(await (await t.request("/api/admin/weather", { cookie: staff })).json()).toEqual({ off: true });
    expect(p.calls.length).toBe(0);
  });
});
