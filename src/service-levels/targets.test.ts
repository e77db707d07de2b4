import { describe, expect, test } from "bun:test";
import { respondedAt, stopsFirstResponse } from "./first-response";
import { clockState, DEFAULT_TARGETS, defaultCalendar, dueSoonFrom, dueTimes } from "./targets";

const cal = defaultCalendar("UTC");
const created = new Date("2026-11-20T16:30:00Z"); // a Friday
const iso = (d: Date | null) => d?.toISOString();

describe("due times per priority", () => {
  test("high: 2 h first response, 8 h resolution", () => {
    const due = dueTimes(cal, DEFAULT_TARGETS, "high", created);
    expect(iso(due.firstResponseDueAt)).toBe("2026-11-23T10:30:00.000Z");
    expect(iso(due.resolutionDueAt)).toBe("2026-11-23T16:30:00.000Z");
  });

  test("changing priority moves the due time", () => {
    const high = dueTimes(cal, DEFAULT_TARGETS, "high", created);
    const urgent = dueTimes(cal, DEFAULT_TARGETS, "urgent", created);
    expect(iso(urgent.firstResponseDueAt)).toBe("2026-11-23T09:30:00.000Z");
    expect(iso(urgent.resolutionDueAt)).toBe("2026-11-23T12:30:00.000Z");
    expect(urgent.firstResponseDueAt?.getTime()).toBeLessThan(high.firstResponseDueAt?.getTime() ?? 0);
    const low = dueTimes(cal, DEFAULT_TARGETS, "low", created);
    expect(iso(low.resolutionDueAt)).toBe("2026-11-27T16:30:00.000Z");
  });

  test("an unknown priority falls back to medium", () => {
    expect(dueTimes(cal, DEFAULT_TARGETS, "whatever", created)).toEqual(
      dueTimes(cal, DEFAULT_TARGETS, "medium", created),
    );
  });
});

describe("first-response clock", () => {
  const at = new Date("2026-11-23T09:10:00Z");
  test("a public staff note or an e-mail reply stops it", () => {
    expect(respondedAt(null, { kind: "note", internal: false }, at)).toEqual(at);
    expect(respondedAt(null, { kind: "email_reply" }, at)).toEqual(at);
  });
  test("an internal note does not", () => {
    expect(stopsFirstResponse({ kind: "note", internal: true })).toBe(false);
    expect(respondedAt(null, { kind: "note", internal: true }, at)).toBeNull();
  });
  test("leaving Open stops it; other status moves do not", () => {
    expect(stopsFirstResponse({ kind: "status", from: "open", to: "in_progress" })).toBe(true);
    expect(stopsFirstResponse({ kind: "status", from: "in_progress", to: "closed" })).toBe(false);
  });
  test("the first stop wins", () => {
    const first = new Date("2026-11-23T09:05:00Z");
    expect(respondedAt(first, { kind: "email_reply" }, at)).toEqual(first);
  });
});

describe("clock state", () => {
  const due = new Date("2026-11-23T10:30:00Z"); // 120 business minutes after `created`
  const state = (now: string, stopped: string | null = null) =>
    clockState(cal, created, due, stopped ? new Date(stopped) : null, new Date(now));
  test("on track, due soon in the last quarter, breached after", () => {
    expect(state("2026-11-20T16:45:00Z")).toBe("on_track");
    expect(state("2026-11-23T09:59:00Z")).toBe("on_track");
    expect(state("2026-11-23T10:00:00Z")).toBe("due_soon");
    expect(state("2026-11-23T10:31:00Z")).toBe("breached");
  });
  test("met or missed once stopped", () => {
    expect(state("2026-11-25T00:00:00Z", "2026-11-23T10:00:00Z")).toBe("met");
    expect(state("2026-11-25T00:00:00Z", "2026-11-23T11:00:00Z")).toBe("missed");
  });
  test("due soon starts when a quarter remains", () => {
    expect(dueSoonFrom(cal, created, due).toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });
  test("a target of a few minutes still has a due-soon minute before it is breached", () => {
    for (const minutes of [1, 2, 3, 5]) {
      const start = new Date("2026-11-23T10:00:00Z");
      const end = new Date(start.getTime() + minutes * 60_000);
      const soon = dueSoonFrom(cal, start, end);
      expect(soon.getTime()).toBeLessThan(end.getTime());
      expect(clockState(cal, start, end, null, soon)).toBe("due_soon");
    }
  });
});
