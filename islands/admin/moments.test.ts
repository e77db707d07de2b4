import { expect, test } from "bun:test";
import { translatorFor } from "../../src/i18n/server";
import { momentsFor } from "./moments";

const at = new Date(2026, 4, 3, 16, 5);
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

test("English keeps the queue's forms; other languages say spans and moments in their own words", () => {
  const en = momentsFor(translatorFor("en"));
  expect(en.span(later(35), at)).toBe("35 minutes");
  expect(en.stamp(at.toISOString())).toBe("May 3, 2026 4:05 PM");
  const de = momentsFor(translatorFor("de"));
  expect(de.span(later(35), at)).toBe("35 Minuten");
  expect(de.span(later(60), at)).toBe("1 Stunde");
  expect(momentsFor(translatorFor("fr")).span(later(3 * 24 * 60), at)).toMatch(/^3\sjours$/);
  expect(momentsFor(translatorFor("es")).span(later(2 * 60), at)).toBe("2 horas");
  expect(de.stamp(at.toISOString())).toContain("03.05.2026");
});
