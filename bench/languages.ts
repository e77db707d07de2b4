/**
 * `npm run bench -- --only languages [--rounds 5 --requests 2000]`: what the page's language costs,
 * in-process on a fresh app, alternating round by round so both sides meet the same machine load: the
 * portal page (kept per language) and a bare render of its island in English and German, and a
 * submission with and without `Accept-Language: es` (whose e-mail is then written in Spanish).
 */
import { parseArgs } from "node:util";
import { renderIsland } from "../src/http/render";
import { translatorFor } from "../src/i18n/server";
import { createTestApp } from "../src/testing/test-app";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: { rounds: { type: "string", default: "5" }, requests: { type: "string", default: "2000" } },
});
const rounds = Number(opt.rounds);
const n = Number(opt.requests);
const t = await createTestApp({ env: { PUBLIC_TRACKING: "" } });
const list = async (name: string) => (await t.request(`/api/public/config/${name}`)).json();
const config = {
  departments: await list("departments"),
  types: await list("types"),
  priorities: await list("priorities"),
  companies: await list("companies"),
};
const ticket = {
  ...{ firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", phone: "555-123-4567" },
  ...{ companyId: 1, companyName: "Main Office", department: "IT", ticketType: "IT", priority: "high" },
  description: "La impresora no imprime.",
};

async function timed(label: string, run: () => unknown | Promise<unknown>, count: number) {
  const start = Bun.nanoseconds();
  for (let i = 0; i < count; i++) await run();
  return { label, usPerOp: (Bun.nanoseconds() - start) / 1000 / count };
}
const cases: [string, () => unknown | Promise<unknown>, number][] = [
  ["GET / en", () => t.request("/", { headers: { "Accept-Language": "en" } }), n],
  ["GET / de", () => t.request("/", { headers: { "Accept-Language": "de-DE" } }), n],
  [
    "render Portal en",
    () => renderIsland("Portal", { config, phone: { country: "US", required: true } }, translatorFor("en")),
    n / 4,
  ],
  [
    "render Portal de",
    () => renderIsland("Portal", { config, phone: { country: "US", required: true } }, translatorFor("de")),
    n / 4,
  ],
  ["submit, no language", () => t.request("/api/tickets", { json: ticket }), n / 4],
  [
    "submit, es",
    () => t.request("/api/tickets", { json: ticket, headers: { "Accept-Language": "es" } }),
    n / 4,
  ],
];
const results = new Map<string, number[]>();
for (let r = 0; r < rounds; r++)
  for (const [label, run, count] of cases) {
    const { usPerOp } = await timed(label, run, count);
    results.set(label, [...(results.get(label) ?? []), usPerOp]);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
for (const [label, xs] of results)
  console.log(`${label.padEnd(22)} ${median(xs).toFixed(1).padStart(8)} µs/op`);
t.close();
