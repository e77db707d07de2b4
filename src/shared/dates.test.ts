import { describe, expect, test } from "bun:test";
import { ageGroup, presetRange } from "./dates";

// Wednesday 18 November 2026, 10:00 local time; that week's Sunday is the 15th.
const now = new Date(2026, 10, 18, 10, 0);
const day = (m: number, d: number, h = 0) => new Date(2026, m, d, h);
const range = (p: Parameters<typeof presetRange>[0]) => {
  const r = presetRange(p, now)!;
  return [r.start, r.end];
};

describe("date presets (weeks start on Sunday)", () => {
  test("today, yesterday, this week and last week follow the calendar", () => {
    expect(range("today")).toEqual([day(10, 18), day(10, 19)]);
    expect(range("yesterday")).toEqual([day(10, 17), day(10, 18)]);
    expect(range("thisWeek")).toEqual([day(10, 15), day(10, 19)]);
    expect(range("lastWeek")).toEqual([day(10, 8), day(10, 15)]);
  });

  test("this month runs to today; last month is the whole previous month, across a year end too", () => {
    expect(range("thisMonth")).toEqual([day(10, 1), day(10, 19)]);
    expect(range("lastMonth")).toEqual([day(9, 1), day(10, 1)]);
    const jan = presetRange("lastMonth", new Date(2027, 0, 5))!;
    expect([jan.start, jan.end]).toEqual([new Date(2026, 11, 1), new Date(2027, 0, 1)]);
  });

  test("on a Sunday this week is just today; all has no range; custom needs both days and includes the end day", () => {
    const sun = presetRange("thisWeek", new Date(2026, 10, 15, 8))!;
    expect([sun.start, sun.end]).toEqual([day(10, 15), day(10, 16)]);
    expect(presetRange("all", now)).toBeNull();
    expect(presetRange("custom", now, { start: day(10, 2) })).toBeNull();
    const c = presetRange("custom", now, { start: day(10, 2, 15), end: day(10, 4, 9) })!;
    expect([c.start, c.end]).toEqual([day(10, 2), day(10, 5)]);
  });
});

describe("Kanban age groups", () => {
  test("each ticket falls in the most recent calendar group", () => {
    expect(ageGroup(day(10, 18, 0), now)).toBe("today");
    expect(ageGroup(day(10, 17, 23), now)).toBe("yesterday");
    expect(ageGroup(day(10, 15, 1), now)).toBe("thisWeek");
    expect(ageGroup(day(10, 14, 23), now)).toBe("lastWeek");
    expect(ageGroup(day(10, 3), now)).toBe("thisMonth");
    expect(ageGroup(day(9, 31), now)).toBe("lastMonth");
    expect(ageGroup(day(8, 30), now)).toBe("older");
  });

  test("on a Sunday, yesterday (Saturday) is still 'Yesterday' although it belongs to last week", () => {
    expect(ageGroup(day(10, 14, 12), new Date(2026, 10, 15, 9))).toBe("yesterday");
  });
});
