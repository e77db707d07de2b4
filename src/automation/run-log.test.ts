import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { listRuns, RUNS_KEPT, recordRuns, trimRuns } from "./run-log";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const run = (ruleId: number, n: number) => ({
  ruleId,
  ticketId: `T-${n}`,
  actions: [`note ${n}`],
  error: null,
});

describe("automation run log", () => {
  test("run log – one write's runs in one statement, newest first per rule", () => {
    recordRuns(t.db, [run(1, 1), run(2, 1), { ...run(1, 2), error: "Invalid status" }], new Date());
    expect(listRuns(t.db, 1).map((r) => [r.ticketId, r.actions, r.error])).toEqual([
      ["T-2", ["note 2"], "Invalid status"],
      ["T-1", ["note 1"], null],
    ]);
    expect(listRuns(t.db, 2).map((r) => r.ticketId)).toEqual(["T-1"]);
  });

  test("run log – trimming keeps each rule's newest runs and drops those of deleted rules", () => {
    for (let i = 1; i <= RUNS_KEPT + 5; i++) recordRuns(t.db, [run(1, i), run(2, i), run(3, i)], new Date());
    trimRuns(t.db, [1, 2]);
    const kept = listRuns(t.db, 1).map((r) => r.ticketId);
    expect(kept.length).toBe(RUNS_KEPT);
    expect([kept[0], kept.at(-1)]).toEqual([`T-${RUNS_KEPT + 5}`, "T-6"]);
    const count = (id: number) =>
      t.sqlite.query("SELECT count(*) AS n FROM automation_runs WHERE rule_id = ?").get(id) as { n: number };
    expect([count(1).n, count(2).n, count(3).n]).toEqual([RUNS_KEPT, RUNS_KEPT, 0]);
  });
});
