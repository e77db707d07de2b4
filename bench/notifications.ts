/**
 * `npm run bench -- --only notifications [--tickets 100000 | --reuse DIR] [--runs 300] [--seconds 5]`:
 * the bell's read (newest 30 entries and the unread count), in-process, for an agent with 20,000 entries
 * who also hears of every new ticket, and for one who hears of two departments' new tickets;
 * then public submissions through the group commit, 32 at a time, with the new-ticket fan-out off
 * (nobody asked for it) and on (`--agents` told of every ticket, in the bell and by e-mail), alternating
 * round by round in the same run, with the server's new-ticket e-mail pass running throughout.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { loadConfig } from "../src/config";
import { createDeps } from "../src/deps";
import { SYSTEM_ACTOR } from "../src/audit/audit.service";
import { listNotifications } from "../src/notifications/notifications.queries";
import { startNewTicketMail } from "../src/notifications/new-ticket-mail";
import { submitTicketGrouped } from "../src/tickets/tickets.service";
import { toUserDto } from "../src/users/users.dto";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { seedBench } from "./seed";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    reuse: { type: "string" },
    tickets: { type: "string", default: "100000" },
    runs: { type: "string", default: "300" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    // how many agents asked to be told of every new ticket (bell and e-mail) while the fan-out is on
    agents: { type: "string", default: "5" },
  },
});
const dir = (opt.reuse as string | undefined) ?? mkdtempSync(join(tmpdir(), "bench-notify-"));
if (!opt.reuse) await seedBench(dir, Number(opt.tickets));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: "error" });
const { db, sqlite } = openDatabase(config.dbPath);
runMigrations(db); // a reused folder may be older than the schema
const deps = createDeps({ config, db, sqlite, assetVersion: "bench" });
const tickets = sqlite
  .query<{ n: number; hi: number }, []>("SELECT count(*) AS n, max(id) AS hi FROM tickets")
  .get()!;

// 20 agents who see every ticket; the first holds 20,000 bell entries, a tenth unread.
const now = Date.now();
sqlite.exec("BEGIN");
for (let i = 0; i < 20; i++)
  sqlite.run(
    "INSERT OR IGNORE INTO users (email, password, first_name, last_name, role, status, allowed_departments, allowed_companies, can_view_all_tickets, created_at, updated_at) VALUES (?, 'x', 'Agent', ?, 'staff', 'active', '[]', '[]', 1, ?, ?)",
    [`agent${i}@example.com`, String(i), now, now],
  );
const agents = sqlite
  .query<{ id: number }, []>("SELECT id FROM users WHERE email LIKE 'agent%@example.com'")
  .all();
const first = agents[0]!.id;
const add = sqlite.prepare(
  "INSERT INTO notifications (user_id, ticket_id, kind, in_app, created_at, read_at) VALUES (?, ?, 'assigned', 1, ?, ?)",
);
for (let i = 0; i < 20_000; i++)
  add.run(first, 1 + Math.floor(Math.random() * tickets.hi), now - i * 1000, i % 10 ? now : null);
// and hears of every new ticket of the last 30 days, the last day's unread
sqlite.run(
  `INSERT INTO agent_preferences (user_id, notify, new_tickets_from, new_tickets_read) VALUES (?, ?, ?, ?)
   ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, new_tickets_from = excluded.new_tickets_from,
     new_tickets_read = excluded.new_tickets_read`,
  [
    first,
    JSON.stringify({ newTicket: { app: true, email: false } }),
    now - 30 * 86_400_000,
    now - 86_400_000,
  ],
);
// a second agent sees two departments only and has heard of their new tickets for a year, unread for a month
const scoped = agents.at(-1)!.id;
sqlite.run('UPDATE users SET can_view_all_tickets = 0, allowed_departments = \'["IT","HR"]\' WHERE id = ?', [
  scoped,
]);
sqlite.run(
  "INSERT OR REPLACE INTO agent_preferences (user_id, notify, new_tickets_from, new_tickets_read) VALUES (?, ?, ?, ?)",
  [
    scoped,
    JSON.stringify({ newTicket: { app: true, email: false } }),
    now - 365 * 86_400_000,
    now - 30 * 86_400_000,
  ],
);
sqlite.exec("COMMIT; ANALYZE");

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(2);
const reads = (id: number) => {
  const user = toUserDto(db.select().from(users).where(eq(users.id, id)).get()!);
  const times: number[] = [];
  for (let i = 0; i < Number(opt.runs); i++) {
    const t0 = performance.now();
    listNotifications(db, user);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
};
console.log(`notifications bench: ${tickets.n} tickets; the bell's read, ${opt.runs} calls`);
for (const [name, id] of [
  ["every ticket", first],
  ["two departments", scoped],
] as const) {
  const times = reads(id);
  console.log(
    `  read (${name}): median ${pct(times, 0.5)} ms, p99 ${pct(times, 0.99)} ms (target p99 ≤ 25 ms)`,
  );
}

const setFanOut = (on: boolean) => {
  const notify = JSON.stringify({ newTicket: { app: on, email: on } });
  for (const { id } of agents.slice(1, 1 + Number(opt.agents)))
    sqlite.run(
      `INSERT INTO agent_preferences (user_id, notify, new_tickets_from) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, new_tickets_from = excluded.new_tickets_from`,
      [id, notify, Date.now()],
    );
};
const input = {
  firstName: "Bench",
  lastName: "Submitter",
  email: "bench@example.com",
  phone: "555-123-4567",
  companyId: 1,
  companyName: "",
  department: "IT",
  ticketType: "IT",
  priority: "high",
  description: "Fan-out bench ticket",
};

/** Submissions completed in `seconds`, 32 in flight at a time through the group commit. */
async function submitFor(seconds: number) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const lane = async () => {
    while (performance.now() < until) {
      await submitTicketGrouped({ deps, actor: SYSTEM_ACTOR, now: new Date(), input, receipt: false });
      done++;
    }
  };
  await Promise.all(Array.from({ length: 32 }, lane));
  return done / seconds;
}

// new tickets are e-mailed by the server's pass after the submissions: it runs here as it does there
// each agent's e-mail starts empty, as after the mailer sent the last one
sqlite.run("DELETE FROM notification_digests");
const mailPass = startNewTicketMail(deps);
const entries = () =>
  sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM notifications WHERE kind = 'new_ticket'").get()!
    .n;
const entriesBefore = entries();
const rates: Record<"off" | "on", number[]> = { off: [], on: [] };
for (let r = 0; r < Number(opt.rounds); r++)
  for (const mode of r % 2 ? (["on", "off"] as const) : (["off", "on"] as const)) {
    setFanOut(mode === "on");
    rates[mode].push(await submitFor(Number(opt.seconds)));
  }
mailPass.stop();
const mailed = entries() - entriesBefore;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [off, on] = [median(rates.off), median(rates.on)];
console.log(
  `  submit, fan-out off: ${off.toFixed(0)} req/s (rounds ${rates.off.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `  submit, fan-out on (${opt.agents} agents, bell + e-mail): ${on.toFixed(0)} req/s (rounds ${rates.on.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `  on / off: ${((on / off) * 100).toFixed(1)} % (target ≥ 95 %); ${mailed} new tickets listed in waiting e-mails`,
);
const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
console.log(`  load average at end: ${load}`);
process.exit(0);
