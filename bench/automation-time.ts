// One time-rule pass over many open tickets: the scan when no ticket matches the conditions, the pass
// that fires on a tenth of them, and the pass after it (nothing left to fire), in one process; and an
// agent's queue reads, one after another, idle and while each pass runs (the pass shares their thread).
// Usage: bun bench/automation-time.ts [--tickets 100000]
import { parseArgs } from "node:util";
import { saveRule } from "../src/automation/rules";
import { runTimeRules } from "../src/automation/time-rules";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { createTestApp } from "../src/testing/test-app";
import type { AutomationRuleInput } from "../src/shared/schemas/automation";

const { values } = parseArgs({ options: { tickets: { type: "string" } } });
const count = Number(values.tickets ?? 100_000);
const now = new Date("2026-03-02T10:00:00Z");
const t = await createTestApp({ now: () => now });
const day = 86_400_000;
const seedStart = performance.now();
t.sqlite.run(
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
   INSERT INTO tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type,
     priority, description, status, tags, channel, version, created_at, updated_at, status_changed_at)
   SELECT 'WI-BENCH-' || i, 'Ann', 'Lee', 'ann' || (i % 5000) || '@example.com', '555', 'Main Office', 'IT',
     CASE WHEN i % 10 = 0 THEN 'Supplies' ELSE 'IT' END, 'medium', 'Printer jam ' || i,
     CASE WHEN i % 2 = 0 THEN 'in_progress' ELSE 'open' END, '[]', 'portal', 1,
     ? - (i % 30) * ?, ? - (i % 30) * ?, ? - (i % 30) * ?
   FROM n`,
  [count, now.getTime(), day, now.getTime(), day, now.getTime(), day],
);
console.log(`seeded ${count} open tickets in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const rule = (value: string): AutomationRuleInput => ({
  name: `Waiting ${value}`,
  active: true,
  trigger: { kind: "time", since: "status", amount: 1, unit: "days", clock: "business" },
  match: "all",
  conditions: [{ field: "ticketType", op: "is", value }],
  actions: [{ type: "add_note", value: "Still waiting" }],
});
const admin = await t.loginAs("admin");
// a different number searched each time, so no read is answered from the last one's cache
const READS = [
  (i: number) => `/api/admin/tickets?status=open&search=${(i * 7919) % count}&limit=20`,
  (i: number) => `/api/admin/tickets?status=in_progress&ticketType=Supplies&search=${i % count}&limit=20`,
  () => "/api/admin/tickets?department=IT&sort=updated&limit=20",
  () => "/api/admin/tickets/breakdown?status=open",
];
/** Queue reads one after another until `until` settles; each path's latencies in ms, sorted. */
async function readsDuring(until: Promise<unknown>) {
  let done = false;
  void until.then(() => (done = true));
  const ms: number[][] = READS.map(() => []);
  for (let i = 0; !done; i++) {
    const start = performance.now();
    const path = READS[i % READS.length]!(i);
    const res = await t.request(path, { cookie: admin });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    ms[i % READS.length]!.push(performance.now() - start);
  }
  return ms.map((xs) => xs.sort((a, b) => a - b));
}
/** The longest the thread went without running the shortest timer, until `until` settles. */
async function longestHold(until: Promise<unknown>) {
  let [done, last, worst] = [false, performance.now(), 0];
  void until.then(() => (done = true));
  while (!done) {
    await Bun.sleep(1);
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }
  return worst;
}
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!.toFixed(1);
const readLines = (all: number[][]) =>
  all
    .map((xs, i) =>
      xs.length === 0
        ? `    read ${i + 1}: none answered while it ran`
        : `    read ${i + 1}: p50 ${at(xs, 0.5)} ms, p99 ${at(xs, 0.99)} ms (${xs.length})`,
    )
    .join("\n");
console.log(`idle, reads one after another:\n${readLines(await readsDuring(Bun.sleep(3000)))}`);
/**
 * A pass run three times: alone and timed; then with the shortest timer beside it, for the longest the thread
 * waited; then with reads beside it. `again` makes the next run find the same work.
 */
const timed = async (label: string, again = () => {}) => {
  const start = performance.now();
  const fired = await runTimeRules({ db: t.db, now });
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(2)} s, ${fired} fired`);
  again();
  // the timer starts first: a pass's first steps run before it yields
  const held = await longestHold(Bun.sleep(5).then(() => runTimeRules({ db: t.db, now })));
  console.log(`  the thread held ${held.toFixed(1)} ms at most`);
  again();
  const third = Bun.sleep(20).then(() => runTimeRules({ db: t.db, now }));
  console.log(`  reads beside it:\n${readLines(await readsDuring(third))}`);
};
const save = (value: string) => saveRule({ db: t.db, actor: SYSTEM_ACTOR, now, input: rule(value) });
save("Nothing matches");
await timed("pass, 1 rule, no ticket matching its conditions");
save("Supplies");
// the second run fires again: the firings of the first are forgotten
await timed("pass, 2 rules, one firing on a tenth of the tickets", () =>
  t.sqlite.run("DELETE FROM automation_firings"),
);
await timed("the next pass (nothing left to fire)");
t.close();
