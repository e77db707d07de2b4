// One time-rule pass over many open tickets: the scan when no ticket matches the conditions, the pass
// that fires on a tenth of them, and the pass after it (nothing left to fire), in one process.
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
const timed = async (label: string) => {
  const start = performance.now();
  const fired = await runTimeRules({ db: t.db, now });
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(2)} s, ${fired} fired`);
};
const save = (value: string) => saveRule({ db: t.db, actor: SYSTEM_ACTOR, now, input: rule(value) });
save("Nothing matches");
await timed("pass, 1 rule, no ticket matching its conditions");
save("Supplies");
await timed("pass, 2 rules, one firing on a tenth of the tickets");
await timed("the next pass (nothing left to fire)");
t.close();
