import { expect, test } from "bun:test";
import { translatorFor } from "../../../src/i18n/server";
import { reportFormats } from "./formats";

test("figures read as before in English and in each language's own form elsewhere", () => {
  const en = reportFormats(translatorFor("en"));
  expect([en.duration(null), en.duration(45), en.duration(210), en.duration(3024)]).toEqual([
    "–",
    "45 min",
    "3.5 h",
    "2.1 d",
  ]);
  expect([en.percent(42.4), en.workTime(20), en.workTime(125), en.weekday(0), en.weekday(6)]).toEqual([
    "42%",
    "20 min",
    "2 h 05 min",
    "Sun",
    "Sat",
  ]);
  const de = reportFormats(translatorFor("de"));
  expect([de.duration(210), de.percent(42.4), de.workTime(125), de.weekday(1)]).toEqual([
    "3,5 Std.",
    "42\u00a0%",
    "2 Std. 05 Min.",
    "Mo",
  ]);
  expect(reportFormats(translatorFor("fr")).duration(3024)).toBe("2,1 j");
});
