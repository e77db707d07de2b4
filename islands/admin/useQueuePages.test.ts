import { expect, test } from "bun:test";
import { translatorFor } from "../../src/i18n/server";
import { formatTotal } from "./useQueuePages";

test("queue totals – grouped in the viewer's language, a lower bound marked with +", () => {
  expect(formatTotal(10_000, false, translatorFor("en").number)).toBe("10,000+");
  expect(formatTotal(1234, true, translatorFor("de").number)).toBe("1.234");
  expect(formatTotal(10_000, false, translatorFor("de").number)).toBe("10.000+");
  expect(formatTotal(1234, true, translatorFor("fr").number)).toBe("1\u202f234");
});
