// Submit throughput with 50 active automation rules (10 matching every submission) against none,
// in one process on one database, rounds alternating so both meet the same machine load.
// Usage: bun bench/automation.ts [--rounds 6] [--per-round 300]
import { parseArgs } from "node:util";
import { saveRule } from "../src/automation/rules";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { appSettings } from "../db/schema";
import { eq } from "drizzle-orm";
import { createTestApp } from "../src/testing/test-app";
import { validTicket } from "../src/tickets/tickets.fixtures";
import { benchRule } from "./automation-rules";

const { values } = parseArgs({ options: { rounds: { type: "string" }, "per-round": { type: "string" } } });
const rounds = Number(values.rounds ?? 6);
const perRound = Number(values["per-round"] ?? 300);
const t = await createTestApp();

const withRules = JSON.stringify(
  (() => {
    for (let i = 0; i < 50; i++)
      saveRule({ db: t.db, actor: SYSTEM_ACTOR, now: new Date(), input: benchRule(i) });
    return t.db.select().from(appSettings).where(eq(appSettings.key, "automation-rules")).get()!.value;
  })(),
);
// the same 50 rules with none matching: what evaluating them costs apart from what the 10 do
const noneMatching = JSON.stringify(
  (JSON.parse(JSON.parse(withRules)) as { conditions: { value: string }[] }[]).map((r) => ({
    ...r,
    conditions: r.conditions.map((c) => ({ ...c, value: c.value === "IT" ? "no-such-type" : c.value })),
  })),
);
const setRules = (value: string) =>
  t.db.update(appSettings).set({ value }).where(eq(appSettings.key, "automation-rules")).run();

const body = JSON.stringify(validTicket());
const headers = { "Content-Type": "application/json", Origin: "http://localhost", Host: "localhost" };
async function round(): Promise<number> {
  const start = performance.now();
  await Promise.all(
    Array.from({ length: perRound }, () =>
      t.app.request("http://localhost/api/tickets", { method: "POST", body, headers }),
    ),
  );
  return perRound / ((performance.now() - start) / 1000);
}

const rates: Record<"none" | "rules" | "idle", number[]> = { none: [], rules: [], idle: [] };
const VALUES = { none: "[]", rules: JSON.parse(withRules) as string, idle: noneMatching };
await round(); // warm-up
for (let r = 0; r < rounds; r++) {
  const order = (["none", "rules", "idle"] as const).map((_, i, all) => all[(i + r) % all.length]!);
  for (const variant of order) {
    setRules(VALUES[variant]);
    rates[variant].push(await round());
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const none = median(rates.none);
const rules = median(rates.rules);
const idle = median(rates.idle);
console.log(
  `submit, no rules: ${none.toFixed(0)} req/s; 50 rules (10 matching): ${rules.toFixed(0)} req/s; ratio ${(rules / none).toFixed(2)}; 50 rules (none matching): ${idle.toFixed(0)} req/s; ratio ${(idle / none).toFixed(2)}`,
);
t.close();
