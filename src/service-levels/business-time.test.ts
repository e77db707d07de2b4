import { describe, expect, test } from "bun:test";
import {
  addBusinessMinutes,
  type BusinessCalendar,
  businessClock,
  businessMinutesBetween,
} from "./business-time";
import { defaultCalendar } from "./targets";

const at = (iso: string) => new Date(iso);
const add = (cal: BusinessCalendar, iso: string, min: number) =>
  addBusinessMinutes(cal, at(iso), min)?.toISOString();

describe("addBusinessMinutes", () => {
  test("Friday 16:30 plus 2 business hours is Monday 10:30", () => {
    const cal = defaultCalendar("UTC");
    expect(add(cal, "2026-11-20T16:30:00Z", 120)).toBe("2026-11-23T10:30:00.000Z");
  });

  test("outside hours the clock starts at the next opening", () => {
    const cal = defaultCalendar("UTC");
    expect(add(cal, "2026-11-21T12:00:00Z", 30)).toBe("2026-11-23T09:30:00.000Z");
    expect(add(cal, "2026-11-23T07:00:00Z", 0)).toBe("2026-11-23T09:00:00.000Z");
  });

  test("holidays are skipped", () => {
    const cal = { ...defaultCalendar("UTC"), holidays: ["2026-11-23", "2026-11-24"] };
    expect(add(cal, "2026-11-20T16:30:00Z", 120)).toBe("2026-11-25T10:30:00.000Z");
  });

  test("days kept from one calendar never answer for another: a new holiday, zone or week counts at once", () => {
    const base = defaultCalendar("UTC");
    expect(add(base, "2026-11-20T16:30:00Z", 120)).toBe("2026-11-23T10:30:00.000Z");
    // equal content in a new object reads the same days; each change below is another content
    expect(add({ ...base }, "2026-11-20T16:30:00Z", 120)).toBe("2026-11-23T10:30:00.000Z");
    expect(add({ ...base, holidays: ["2026-11-23"] }, "2026-11-20T16:30:00Z", 120)).toBe(
      "2026-11-24T10:30:00.000Z",
    );
    // 17:30 in Berlin is after closing: two hours from Monday 09:00 local (08:00 UTC)
    expect(add({ ...base, timeZone: "Europe/Berlin" }, "2026-11-20T16:30:00Z", 120)).toBe(
      "2026-11-23T10:00:00.000Z",
    );
    const late = { start: "10:00", end: "18:00" };
    const week = base.week.map((ranges) => (ranges.length ? [late] : []));
    expect(add(base, "2026-11-21T12:00:00Z", 60)).toBe("2026-11-23T10:00:00.000Z");
    expect(add({ ...base, week }, "2026-11-21T12:00:00Z", 60)).toBe("2026-11-23T11:00:00.000Z");
  });

  test("several ranges a day", () => {
    const day = [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ];
    const cal: BusinessCalendar = { timeZone: "UTC", week: [[], day, day, day, day, day, []], holidays: [] };
    expect(add(cal, "2026-11-23T11:30:00Z", 60)).toBe("2026-11-23T13:30:00.000Z");
  });

  test("a DST weekend in America/New_York keeps local 10:30 on Monday", () => {
    const cal = defaultCalendar("America/New_York");
    // Friday 6 March 16:30 EST (UTC-5); clocks go forward Sunday 8 March; Monday 10:30 EDT is UTC-4.
    expect(add(cal, "2026-03-06T21:30:00Z", 120)).toBe("2026-03-09T14:30:00.000Z");
    // Autumn: Friday 30 October 16:30 EDT, back to EST on 1 November.
    expect(add(cal, "2026-10-30T20:30:00Z", 120)).toBe("2026-11-02T15:30:00.000Z");
  });

  test("a DST weekend in Europe/Berlin keeps local 10:30 on Monday", () => {
    const cal = defaultCalendar("Europe/Berlin");
    // Friday 27 March 16:30 CET (UTC+1); summer time from Sunday 29 March; Monday 10:30 CEST is UTC+2.
    expect(add(cal, "2026-03-27T15:30:00Z", 120)).toBe("2026-03-30T08:30:00.000Z");
    expect(add(cal, "2026-10-23T14:30:00Z", 120)).toBe("2026-10-26T09:30:00.000Z");
  });

  test("hours spanning midnight", () => {
    const night = [{ start: "22:00", end: "06:00" }];
    const cal: BusinessCalendar = {
      timeZone: "UTC",
      week: Array.from({ length: 7 }, () => night),
      holidays: [],
    };
    expect(add(cal, "2026-11-23T23:00:00Z", 120)).toBe("2026-11-24T01:00:00.000Z");
    expect(add(cal, "2026-11-24T05:00:00Z", 120)).toBe("2026-11-24T23:00:00.000Z");
    expect(add(cal, "2026-11-24T12:00:00Z", 60)).toBe("2026-11-24T23:00:00.000Z");
  });

  test("a night range across the Berlin spring-forward night has 7 real hours", () => {
    const night = [{ start: "22:00", end: "06:00" }];
    const cal: BusinessCalendar = {
      timeZone: "Europe/Berlin",
      week: Array.from({ length: 7 }, () => night),
      holidays: [],
    };
    // Saturday 28 March 22:00 CET = 21:00Z to Sunday 06:00 CEST = 04:00Z.
    expect(businessMinutesBetween(cal, at("2026-03-28T12:00:00Z"), at("2026-03-29T12:00:00Z"))).toBe(420);
  });

  test("a calendar without opening hours yields no due time", () => {
    const cal: BusinessCalendar = { timeZone: "UTC", week: [[], [], [], [], [], [], []], holidays: [] };
    expect(addBusinessMinutes(cal, at("2026-11-23T10:00:00Z"), 60)).toBeNull();
  });
});

describe("businessMinutesBetween", () => {
  test("counts only opening hours", () => {
    const cal = defaultCalendar("UTC");
    expect(businessMinutesBetween(cal, at("2026-11-20T16:30:00Z"), at("2026-11-23T10:30:00Z"))).toBe(120);
    expect(businessMinutesBetween(cal, at("2026-11-23T10:30:00Z"), at("2026-11-20T16:30:00Z"))).toBe(0);
  });
});

describe("business clock", () => {
  test("business clock – any span inside its walk equals businessMinutesBetween, across a weekend and a holiday", () => {
    const cal = { ...defaultCalendar("Europe/Berlin"), holidays: ["2026-03-10"] };
    const from = new Date("2026-03-05T00:00:00Z");
    const clock = businessClock(cal, from, new Date("2026-03-25T00:00:00Z"));
    let seed = 3;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const a = from.getTime() + (seed % (14 * 86_400_000));
      const b = a + ((seed >> 3) % (4 * 86_400_000));
      expect((clock(b) - clock(a)) / 60_000).toBe(businessMinutesBetween(cal, new Date(a), new Date(b)));
    }
  });
});
