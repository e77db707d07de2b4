/**
 * `npm run bench -- --only phone-search [--tickets 20000 --rounds 5 --requests 400]`: the staff search for
 * a phone number in several formats beside word searches, in-process on a fresh app with a Swedish default
 * country, alternating round by round; and what a term that is no number pays for being tested as one.
 */
import { parseArgs } from "node:util";
import { createTestApp } from "../src/testing/test-app";
import { savePhoneRules, phoneInSearch } from "../src/settings/phone-rules";
import { searchQuery } from "../src/tickets/tickets.search";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    tickets: { type: "string", default: "20000" },
    rounds: { type: "string", default: "5" },
    requests: { type: "string", default: "400" },
  },
});
const total = Number(opt.tickets);
const rounds = Number(opt.rounds);
const n = Number(opt.requests);
const t = await createTestApp();
const admin = await t.loginAs("admin");
savePhoneRules(t.db, { country: "SE", required: true }, new Date());
const insert = t.sqlite.prepare(
  `insert into tickets (ticket_id, first_name, last_name, email, phone, phone_e164, company_name, department, ticket_type, priority, description, status, created_at, updated_at)
   values (?, 'Ada', 'Lovelace', 'ada@example.com', ?, ?, 'Main Office', 'IT', 'IT', 'high', ?, 'open', ?, ?)`,
);
const now = Date.now();
t.sqlite.transaction(() => {
  for (let i = 1; i <= total; i++) {
    const national = `08-${String(1_000_000 + i).slice(1, 4)} ${String(i % 1000).padStart(3, "0")} ${String(i % 100).padStart(2, "0")}`;
    const e164 = `+468${String(1_000_000 + i).slice(1, 4)}${String(i % 1000).padStart(3, "0")}${String(i % 100).padStart(2, "0")}`;
    const text = i % 10 === 0 ? `Printer jammed on floor ${i}` : `Laptop will not start ${i}`;
    insert.run(`WI-2026-${i}`, national, e164, text, now - i * 60_000, now - i * 60_000);
  }
})();

const search = (q: string) =>
  t.request(`/api/admin/tickets?search=${encodeURIComponent(q)}`, { cookie: admin });
const cases: [string, () => unknown][] = [
  ["word, ~10 %: printer", () => search("printer")],
  ["word, rare: floor 4520", () => search("floor 4520")],
  ["phone as stored", () => search("08-004 520 20")],
  ["phone, international", () => search("+46 8 004 520 20")],
  ["phone, digits only", () => search("0800452020")],
];
const terms = ["printer jammed", "Victor Brown", "laptop will not start", "ada@example.com"];
const results = new Map<string, number[]>();
const record = (label: string, us: number) => results.set(label, [...(results.get(label) ?? []), us]);
for (let r = 0; r < rounds; r++) {
  for (const [label, run] of cases) {
    const start = Bun.nanoseconds();
    for (let i = 0; i < n; i++) await run();
    record(label, (Bun.nanoseconds() - start) / 1000 / n);
  }
  for (const [label, run] of [
    ["no number: phone test", (q: string) => phoneInSearch(t.db, q)],
    ["no number: searchQuery", (q: string) => searchQuery(t.db, q)],
  ] as const) {
    const start = Bun.nanoseconds();
    for (let i = 0; i < n * 10; i++) run(terms[i % terms.length]!);
    record(label, (Bun.nanoseconds() - start) / 1000 / (n * 10));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${total} tickets; load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
);
for (const [label, xs] of results)
  console.log(`${label.padEnd(26)} ${median(xs).toFixed(2).padStart(9)} µs/op`);
t.close();
