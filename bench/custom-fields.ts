/**
 * `npm run bench -- --only fields [--tickets 100000 | --reuse DIR] [--runs 2 --seconds 5 --connections 16]`:
 * five custom fields with values on 30 % of the tickets, then the queue filtered by a select value (beside the
 * plain first page, same run) and public submit with the fields filled against submit without them, alternating.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generatorOf, measure, type Scenario } from "./load";
import { rng, seedBench } from "./seed";
import { signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "2" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    generator: { type: "string" },
  },
});

const PRODUCTS = ["Office", "Visio", "Project", "Acrobat", "Teams"].map((label, i) => ({
  id: `o${i + 1}`,
  label,
}));
const FIELDS = [
  { key: "product", label: "Product", kind: "select", options: PRODUCTS },
  { key: "seats", label: "Seats", kind: "number", options: [] },
  { key: "cost_centre", label: "Cost centre", kind: "text", options: [] },
  { key: "needed_by", label: "Needed by", kind: "date", options: [] },
  { key: "renewal", label: "Renewal", kind: "checkbox", options: [] },
];

/** The fields, and values on 30 % of the tickets, written straight into the seeded file before the server starts. */
function addFields(dataDir: string) {
  const sqlite = new Database(join(dataDir, "helpdesk.sqlite"));
  sqlite.exec("PRAGMA busy_timeout = 5000; PRAGMA synchronous = OFF");
  const already = (sqlite.query("SELECT count(*) AS n FROM custom_fields").get() as { n: number }).n;
  if (already) return sqlite.close();
  const now = Date.now();
  const ids = FIELDS.map(
    (f, i) =>
      (
        sqlite
          .query(
            `INSERT INTO custom_fields (key, label, kind, options, required, help_text, ticket_types, visibility, position, is_active, created_at, updated_at)
             VALUES (?, ?, ?, ?, 0, '', '[]', 'public', ?, 1, ?, ?) RETURNING id`,
          )
          .all(f.key, f.label, f.kind, JSON.stringify(f.options), i + 1, now, now)[0] as { id: number }
      ).id,
  );
  const r = rng(7);
  const insert = sqlite.prepare(
    "INSERT INTO ticket_field_values (ticket_id, field_id, value_text, value_number) VALUES (?, ?, ?, ?)",
  );
  const max = (sqlite.query("SELECT max(id) AS n FROM tickets").get() as { n: number }).n;
  sqlite.transaction(() => {
    for (let t = 1; t <= max; t++) {
      if (r() >= 0.3) continue;
      insert.run(t, ids[0]!, PRODUCTS[Math.floor(r() * PRODUCTS.length)]!.id, null);
      insert.run(t, ids[1]!, null, 1 + Math.floor(r() * 200));
      insert.run(t, ids[2]!, `CC-${Math.floor(r() * 90) + 10}`, null);
      insert.run(t, ids[3]!, `2026-${String(1 + Math.floor(r() * 12)).padStart(2, "0")}-15`, null);
      insert.run(t, ids[4]!, null, r() < 0.5 ? 1 : 0);
    }
  })();
  sqlite.exec("ANALYZE");
  sqlite.close();
}

const ticket = {
  firstName: "Bench",
  lastName: "Caller",
  email: "bench.caller@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "Main Office",
  department: "IT",
  ticketType: "Licensing",
  priority: "medium",
  description: "We need more licences for the new starters next month.",
};
const withFields = {
  ...ticket,
  customFields: { product: "o2", seats: 12, cost_centre: "CC-42", needed_by: "2026-12-01", renewal: true },
};

{
  const dataDir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "helpdesk-bench-fields-"));
  if (!opt.reuse) await seedBench(dataDir, Number(opt.tickets));
  addFields(dataDir);
  const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", RATE_LIMIT_WINDOW_SECONDS: "1" };
  const server = await startServerAt(dataDir, { env, timeoutMs: 120_000 });
  const cookie = await signInCookie(server.url);
  const json = { "Content-Type": "application/json", Origin: server.url };
  const [runs, seconds, c] = [Number(opt.runs), Number(opt.seconds), Number(opt.connections)];
  const generator = generatorOf((opt.generator as string | undefined) ?? "autocannon");
  const scenarios: Scenario[] = [
    { name: "admin list, first page", path: "/api/admin/tickets", headers: { Cookie: cookie } },
    {
      name: "admin list, cf.product=Visio",
      path: "/api/admin/tickets?cf.product=o2",
      headers: { Cookie: cookie },
    },
    {
      name: "admin list, cf.seats.min=150",
      path: "/api/admin/tickets?cf.seats.min=150",
      headers: { Cookie: cookie },
    },
    {
      name: "public submit, no custom fields",
      method: "POST",
      path: "/api/tickets",
      body: ticket,
      headers: json,
    },
    {
      name: "public submit, 5 custom fields",
      method: "POST",
      path: "/api/tickets",
      body: withFields,
      headers: json,
    },
  ];
  // a body the server refuses would measure refusals: each must be accepted once first
  for (const body of [ticket, withFields]) {
    const res = await fetch(`${server.url}/api/tickets`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`submit refused: ${res.status} ${await res.text()}`);
  }
  console.log(`custom fields bench on ${dataDir}, ${c} connections, load ${loadavg()[0]!.toFixed(1)}`);
  for (let run = 1; run <= runs; run++)
    for (const s of scenarios) {
      const m = await measure(server.url, s, c, seconds, server.rssMb, generator);
      console.log(
        `run ${run} · ${s.name}: ${m.reqPerSec.toFixed(0)} req/s · p50 ${m.p50} ms · p99 ${m.p99} ms · errors ${m.errors}`,
      );
    }
  // every list above after the first is kept until a write: here each filtered list follows a submission
  for (const path of [
    "/api/admin/tickets",
    "/api/admin/tickets?cf.product=o2",
    "/api/admin/tickets?cf.seats.min=150",
  ]) {
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) {
      await fetch(`${server.url}/api/tickets`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(withFields),
      });
      const t = performance.now();
      await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).arrayBuffer();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) => ms[Math.floor((p / 100) * (ms.length - 1))]!.toFixed(1);
    console.log(`after a write each time · ${path}: p50 ${at(50)} ms · p99 ${at(99)} ms`);
  }
  console.log(`load average at end ${loadavg()[0]!.toFixed(1)}`);
  await server.stop();
}
