import { afterEach, expect, test } from "bun:test";
import { TZDate } from "@date-fns/tz";
import { wordsSegments as segments } from "../../db/search-index";
import { getServiceLevels } from "../service-levels/sla-settings";
import { submit } from "../tickets/tickets.fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startSearchMerge } from "./search-merge";

let t: TestApp | undefined;
let job: ReturnType<typeof startSearchMerge> | undefined;
afterEach(async () => {
  await job?.stop();
  t?.close();
  [job, t] = [undefined, undefined];
});

/** The first instant after `from` whose hour in the time zone is `hour`. */
function atHour(timeZone: string, hour: number, from: Date) {
  for (let ms = from.getTime(); ; ms += 15 * 60_000)
    if (new TZDate(ms, timeZone).getHours() === hour) return new Date(ms);
}

test("at night the word index is merged into one segment and finds what it found; by day, or unchanged, it is left alone", async () => {
  let clock = new Date("2026-03-10T00:00:00Z");
  t = await createTestApp({ now: () => clock });
  const zone = getServiceLevels(t.db).calendar.timeZone;
  for (let i = 0; i < 12; i++) await submit(t, { description: `Printer ${i} on floor two jams again` });
  const found = () =>
    t!.sqlite.query("SELECT rowid FROM ticket_words WHERE ticket_words MATCH 'printer' ORDER BY rowid").all();
  const before = { segments: segments(t.sqlite), found: found() };
  expect(before.segments).toBeGreaterThan(1);
  expect(before.found).toHaveLength(12);
  const changes = () => (t!.sqlite.query("SELECT total_changes() AS n").get() as { n: number }).n;

  clock = atHour(zone, 14, clock);
  job = startSearchMerge(t.deps);
  await job.runner.drain();
  expect(segments(t.sqlite)).toBe(before.segments);

  clock = atHour(zone, 3, clock);
  await job.runner.drain();
  expect(segments(t.sqlite)).toBe(1);
  expect(found()).toEqual(before.found);

  await submit(t, { description: "Printer 12 needs toner" });
  await submit(t, { description: "Printer 13 needs toner" });
  const fresh = segments(t.sqlite);
  expect(fresh).toBeGreaterThan(1);
  await job.runner.drain(); // the same night: each merge rewrites the whole index, so one a night
  expect(segments(t.sqlite)).toBe(fresh);

  clock = atHour(zone, 3, new Date(clock.getTime() + 3_600_000)); // the next night
  await job.runner.drain();
  expect(segments(t.sqlite)).toBe(1);
  expect(found()).toHaveLength(14);
  const merged = changes();
  clock = atHour(zone, 3, new Date(clock.getTime() + 3_600_000));
  await job.runner.drain(); // nothing indexed since the last merge: left alone
  expect(changes()).toBe(merged);
});
