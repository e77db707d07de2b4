import { describe, expect, test } from "bun:test";
import { Matches, TooLong, Uncovered, type LoadSpan } from "./search-matches";

/** A loader over a fixed set of matching ids that records the spans asked for. */
function loader(matching: number[]) {
  const asked: [number, number][] = [];
  const load: LoadSpan = (lo, hi) => {
    asked.push([lo, hi]);
    return matching.filter((id) => id >= lo && id <= hi);
  };
  return { load, asked };
}
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
};

describe("search matches", () => {
  test("answers exactly inside loaded spans and stops the walk outside them", () => {
    const matching = [3, 9, 10, 17, 1_000, 40_000_001];
    const { load, asked } = loader(matching);
    const m = new Matches();
    m.start(Number.POSITIVE_INFINITY, 16);
    expect(thrown(() => m.has(20))).toEqual(new Uncovered(20));
    m.cover(20, true, load); // below the ticket reached, a quarter as far above it
    expect(asked).toEqual([[4, 24]]);
    for (let id = 4; id <= 24; id++) expect([id, m.has(id)]).toEqual([id, matching.includes(id) ? 1 : 0]);
    expect(thrown(() => m.has(3))).toBeInstanceOf(Uncovered);
    m.cover(3, true, load); // three times what is loaded, clipped to the gap below the span
    expect(asked[1]).toEqual([3 - 63, 3]);
    expect([m.has(3), m.has(-5), m.has(9), m.has(10), m.has(24)]).toEqual([1, 0, 1, 1, 0]);
    m.cover(40_000_001, true, load); // far above: the bitmap grows without losing a bit
    expect([m.has(40_000_001), m.has(40_000_000), m.has(3), m.has(17), m.has(16)]).toEqual([1, 0, 1, 1, 0]);
  });

  test("ids past 32 bits are answered as well", () => {
    const { load } = loader([3_000_000_005, 3_000_000_013]);
    const m = new Matches();
    m.start(Number.POSITIVE_INFINITY, 64);
    m.cover(3_000_000_020, true, load);
    const hits = [];
    for (let id = 3_000_000_000; id <= 3_000_000_020; id++) if (m.has(id)) hits.push(id);
    expect(hits).toEqual([3_000_000_005, 3_000_000_013]);
  });

  test("after eight loads in one read every match is loaded at once", () => {
    const { load, asked } = loader([5, 500_000]);
    const m = new Matches();
    m.start(Number.POSITIVE_INFINITY, 1);
    for (let i = 0; i < 9; i++) m.cover(i * 100_000 + 50_000, false, load);
    expect(asked).toHaveLength(9);
    expect(asked.at(-1)).toEqual([-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
    expect([m.has(5), m.has(500_000), m.has(7), m.has(123_456_789)]).toEqual([1, 1, 0, 0]);
  });

  test("a read visiting more tickets than allowed stops; the next read counts afresh", () => {
    const { load } = loader([1]);
    const m = new Matches();
    m.start(2, 8);
    m.cover(1, true, load);
    expect([m.has(1), m.has(2)]).toEqual([1, 0]);
    expect(thrown(() => m.has(1))).toBeInstanceOf(TooLong);
    m.start(2, 8);
    expect(m.has(1)).toBe(1);
  });
});
