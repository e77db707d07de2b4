// In-process: CPU time per submission (the submit service as the route calls it, a round at once, no HTTP) with no
// rules, 50 rules of which 10 match, and the same 50 matching none; rounds alternate so all three meet
// the same machine load. Usage: bun bench/automation-parts.ts [--rounds 6] [--per-round 400]
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { appSettings } from "../db/schema";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { saveRule } from "../src/automation/rules";
import { createTestApp } from "../src/testing/test-app";
import { validTicket } from "../src/tickets/tickets.fixtures";
import { submitTicketGrouped } from "../src/tickets/tickets.service";
import { benchRule } from "./automation-rules";

const { values } = parseArgs({ options: { rounds: { type: "string" }, "per-round": { type: "string" } } });
const rounds = Number(values.rounds ?? 6);
const perRound = Number(values["per-round"] ?? 400);
const t = await createTestApp();
for (let i = 0; i < 50; i++)
  saveRule({ db: t.db, actor: SYSTEM_ACTOR, now: new Date(), input: benchRule(i) });
const row = () => t.db.select().from(appSettings).where(eq(appSettings.key, "automation-rules")).get()!;
const withRules = row().value;
const noneMatching = withRules.replaceAll('"value":"IT"', '"value":"no-such-type"');
const setRules = (value: string) =>
  t.db.update(appSettings).set({ value }).where(eq(appSettings.key, "automation-rules")).run();

const input = validTicket();
async function round(): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < perRound; i++)
    await submitTicketGrouped({
      deps: t.deps,
      actor: SYSTEM_ACTOR,
      now: new Date(),
      input,
      fieldsFor: "public",
    });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / perRound;
}

const VALUES = { none: "[]", rules: withRules, idle: noneMatching };
const cpu: Record<keyof typeof VALUES, number[]> = { none: [], rules: [], idle: [] };
await round(); // warm-up
for (let r = 0; r < rounds; r++) {
  const order = (["none", "rules", "idle"] as const).map((_, i, all) => all[(i + r) % all.length]!);
  for (const variant of order) {
    setRules(VALUES[variant]);
    cpu[variant].push(await round());
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [none, rules, idle] = [median(cpu.none), median(cpu.rules), median(cpu.idle)];
console.log(
  `CPU per submission: no rules ${none.toFixed(0)} µs; 50 rules, 10 matching ${rules.toFixed(0)} µs (rate ratio ${(none / rules).toFixed(2)}); 50 rules, none matching ${idle.toFixed(0)} µs (rate ratio ${(none / idle).toFixed(2)})`,
);
t.close();
