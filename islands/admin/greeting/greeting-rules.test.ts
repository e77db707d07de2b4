import { describe, expect, test } from "bun:test";
import { translatorFor } from "../../../src/i18n/server";
import { FIRST_VISIT_LINE, greetingFor, greetingName, takeFirstVisitOfDay } from "./greeting-rules";

const at = (h: number, m = 0, day = 10) => new Date(2026, 5, day, h, m);
function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("greeting card – rules", () => {
  test("greeting follows the clock: morning until noon, afternoon until 17:00, then evening", () => {
    const english = (d: Date) => translatorFor("en").t(greetingFor(d));
    expect([at(0), at(11, 59), at(12), at(16, 59), at(17), at(23, 59)].map(english)).toEqual([
      "Good morning",
      "Good morning",
      "Good afternoon",
      "Good afternoon",
      "Good evening",
      "Good evening",
    ]);
  });

  test("name is the first name, else the e-mail before the @, else 'there'", () => {
    expect(greetingName({ firstName: "Maria", email: "m.lopez@example.com" })).toBe("Maria");
    expect(greetingName({ firstName: "  ", email: "m.lopez@example.com" })).toBe("m.lopez");
    expect(greetingName({ firstName: null, email: "" })).toBeNull();
    expect(greetingName({ firstName: null, email: "@example.com" })).toBeNull();
  });

  test("the first visit of each calendar day is told apart, per user", () => {
    const store = memoryStore();
    expect(takeFirstVisitOfDay(store, 1, at(8))).toBe(true);
    expect(takeFirstVisitOfDay(store, 1, at(23, 59))).toBe(false);
    expect(takeFirstVisitOfDay(store, 2, at(9))).toBe(true);
    expect(takeFirstVisitOfDay(store, 1, at(0, 1, 11))).toBe(true);
    expect(translatorFor("en").t(FIRST_VISIT_LINE)).toBe("Here's what's new today");
  });

  test("a browser that blocks local storage still gets a greeting", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(takeFirstVisitOfDay(blocked, 1, at(8))).toBe(true);
    expect(takeFirstVisitOfDay(undefined, 1, at(8))).toBe(true);
  });
});

describe("greeting card – weather icons", () => {
  test("each provider condition maps to its icon family", async () => {
    const { weatherKind } = await import("./WeatherBadge");
    const cases: Record<string, string> = {
      "Clear sky": "clear",
      "Mainly clear": "clear",
      "Partly cloudy": "partly-cloudy",
      Overcast: "cloudy",
      "Light drizzle": "drizzle",
      "Moderate rain": "rain",
      "Slight rain showers": "rain",
      "Heavy snow fall": "snow",
      "Slight snow showers": "snow",
      Windy: "wind",
      Fog: "default",
      Thunderstorm: "default",
    };
    for (const [condition, kind] of Object.entries(cases))
      expect(`${condition}: ${weatherKind(condition)}`).toBe(`${condition}: ${kind}`);
  });
});
