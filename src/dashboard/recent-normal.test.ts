import { expect, test } from "bun:test";
import { businessDayMinutes, businessDaysBetween } from "./recent-normal";
import type { BusinessCalendar } from "../service-levels/business-time";

const nineToFive = [{ start: "09:00", end: "17:00" }];
const cal: BusinessCalendar = {
  timeZone: "Europe/Berlin",
  week: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
  holidays: ["2026-06-04"],
};
const berlin = (day: number, hour: number) => new Date(Date.UTC(2026, 5, day, hour - 2));

test("ages in business days skip the weekend and the holiday", () => {
  expect(businessDayMinutes(cal)).toBe(480);
  // Wed 3 June 10:00 to Tue 9 June 12:00: Wed 7 h, (Thu holiday), Fri 8 h, Mon 8 h, Tue 3 h = 26 h
  expect(businessDaysBetween(cal, berlin(3, 10), berlin(9, 12))).toBe(3);
  expect(businessDaysBetween(cal, berlin(5, 16), berlin(8, 10))).toBe(0);
});

test("a night shift counts its hours past midnight in the day's length", () => {
  const night = { ...cal, week: [[], [{ start: "22:00", end: "06:00" }], [], [], [], [], []] };
  expect(businessDayMinutes(night)).toBe(480);
});
