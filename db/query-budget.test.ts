// A budget's overrun is one error whether the read was tried at once or not: a part that may be left
// out is left out either way, and only a read that cannot be answered is started over in the lane.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { defineBudget, NotQuick, orPastBudget, quickly, withBudget } from "./query-budget";

const sqlite = new Database(":memory:");
defineBudget(sqlite);
afterAll(() => sqlite.close());

// every row through within_budget: far past a budget of a tenth of a millisecond
const costly = () =>
  (
    sqlite
      .query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) SELECT count(*) AS c FROM n WHERE within_budget(i)",
      )
      .get() as { c: number }
  ).c;
const refused = () => new Error("refused");
const withTotal = () => ({ page: "found", total: orPastBudget(costly, () => -1) });

test("a total past its budget is left out, tried at once or in the lane", () => {
  expect(withBudget(sqlite, 0.1, withTotal, refused)).toEqual({ page: "found", total: -1 });
  expect(quickly(sqlite, 60_000, () => withBudget(sqlite, 0.1, withTotal, refused))).toEqual({
    page: "found",
    total: -1,
  });
});

test("a read past its budget is refused in the lane and started over when tried at once", () => {
  expect(() => withBudget(sqlite, 0.1, costly, refused)).toThrow("refused");
  expect(() => quickly(sqlite, 60_000, () => withBudget(sqlite, 0.1, costly, refused))).toThrow(NotQuick);
  expect(costly()).toBe(2_000_000); // no budget left behind
});
