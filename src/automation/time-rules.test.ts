import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { createSmtpSender } from "../mail/smtp";
import { startMailWorker, type MailWorker } from "../mail/worker";
import { saveServiceLevelSettings } from "../service-levels/sla-settings";
import { DEFAULT_TARGETS, defaultCalendar } from "../service-levels/targets";
import { startSmtpSink, type SmtpSink } from "../testing/smtp-sink";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { wordsSegments } from "../../db/search-index";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { saveRule } from "./rules";
import { startTimeRulesJob } from "./time-job";
import { runTimeRules } from "./time-rules";

let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let worker: MailWorker | undefined;
let job: ReturnType<typeof startTimeRulesJob> | undefined;
afterEach(async () => {
  await job?.stop();
  await worker?.stop();
  await sink?.stop();
  t?.close();
  t = sink = worker = job = undefined;
});

const waiting = [{ field: "status", op: "is", value: "in_progress" }];

test("time rules – a waiting ticket gets one reminder after 3 business days and closes after 5", async () => {
  let clock = new Date("2026-03-02T09:00:00Z"); // a Monday
  sink = await startSmtpSink();
  t = await createTestApp({ now: () => clock, env: { SMTP_URL: sink.url, MAIL_FROM: "desk@example.com" } });
  saveServiceLevelSettings(
    t.db,
    { ...defaultCalendar("UTC"), holidays: [], targets: DEFAULT_TARGETS },
    clock,
  );
  const admin = await t.loginAs("admin");
  const rule = async (name: string, amount: number, actions: unknown[]) =>
    expect(
      (
        await t!.request("/api/admin/automations", {
          json: {
            name,
            trigger: { kind: "time", since: "status", amount, unit: "days", clock: "business" },
            conditions: waiting,
            actions,
          },
          cookie: admin,
        })
      ).status,
    ).toBe(201);
  await rule("Remind", 3, [
    {
      type: "send_email",
      target: "requester",
      subject: "Still need help with {{ticketId}}?",
      value: "Please answer.",
    },
  ]);
  await rule("Close", 5, [{ type: "set_status", value: "completed" }]);
  const waitingOne = await submit(t, { email: "wait@example.com" });
  const untouched = await submit(t, { email: "open@example.com" });
  const put = await t.request(`/api/admin/tickets/${waitingOne.id}/status`, {
    method: "PUT",
    json: { status: "in_progress" },
    cookie: admin,
  });
  expect(put.status).toBe(200);
  const status = (id: number) => t!.db.select().from(tickets).where(eq(tickets.id, id)).get()!.status;
  job = startTimeRulesJob(t.deps);
  worker = startMailWorker({
    db: t.db,
    now: () => clock,
    sender: createSmtpSender(sink.url, "desk@example.com"),
    publicUrl: "http://localhost",
  });
  const at = async (iso: string) => {
    clock = new Date(iso);
    await job!.runner.drain();
    await worker!.drain();
  };
  const reminders = () => sink!.messages.filter((m) => m.parsed.subject?.startsWith("Still need help"));

  await at("2026-03-04T16:00:00Z"); // Wednesday: 2 business days and 7 hours
  expect(reminders()).toHaveLength(0);
  await at("2026-03-05T09:30:00Z"); // Thursday: past 3 business days
  const reminder = await sink.waitFor(
    (m) => m.parsed.subject === `Still need help with ${waitingOne.ticketId}?`,
  );
  expect(reminder.to).toEqual(["wait@example.com"]);
  expect(reminder.parsed.text).toContain("Please answer.");
  expect(reminder.parsed.text).toMatch(/\/t\/[\w-]+/); // the requester's private link, minted at send
  await at("2026-03-06T16:59:00Z"); // once per ticket: the next passes send nothing more
  await at("2026-03-08T12:00:00Z"); // Sunday: the weekend is not business time
  expect(reminders()).toHaveLength(1);
  expect(status(waitingOne.id)).toBe("in_progress");
  await at("2026-03-09T09:30:00Z"); // the next Monday: 5 business days
  expect(status(waitingOne.id)).toBe("completed");
  expect(status(untouched.id)).toBe("open");
  expect(
    sink.messages.filter((m) => m.to.includes("open@example.com") && m.parsed.subject?.startsWith("Still")),
  ).toHaveLength(0);
});

/** A time rule adding `note` to every open ticket a day after it was created. */
const nudge = (app: TestApp, now: Date, note: string) =>
  saveRule({
    db: app.db,
    actor: SYSTEM_ACTOR,
    now,
    input: {
      name: "Nudge",
      active: true,
      trigger: { kind: "time", since: "created", amount: 1, unit: "days", clock: "calendar" },
      match: "all",
      conditions: [],
      actions: [{ type: "add_note", value: note }],
    },
  });

test("time rules – a pass's notes reach the word index together: one segment, and each ticket found by its note", async () => {
  const clock = new Date("2026-03-02T09:00:00Z");
  t = await createTestApp({ now: () => clock });
  const made = [];
  for (let i = 0; i < 40; i++) made.push(await submit(t, { description: `Toner run ${i}` }));
  const later = new Date("2026-03-20T09:00:00Z");
  nudge(t, later, "Checked by the quokka rule");
  const before = wordsSegments(t.sqlite);
  expect(await runTimeRules({ db: t.db, now: later })).toBe(40);
  expect(wordsSegments(t.sqlite)).toBeLessThanOrEqual(before + 1);
  const admin = await t.loginAs("admin");
  const found = (await (
    await t.request("/api/admin/tickets?search=quokka&limit=100", { cookie: admin })
  ).json()) as { tickets: { id: number }[] };
  expect(found.tickets.map((x) => x.id).sort((a, b) => a - b)).toEqual(
    made.map((m) => m.id).sort((a, b) => a - b),
  );
});

test("time rules – a long pass lets requests waiting on the thread run between its reads and writes", async () => {
  const now = new Date("2026-03-20T09:00:00Z");
  t = await createTestApp({ now: () => now });
  t.sqlite.run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
     INSERT INTO tickets (ticket_id, first_name, last_name, email, phone, company_name, department, ticket_type,
       priority, description, status, tags, channel, version, created_at, updated_at)
     SELECT 'WI-2026-' || (1000 + i), 'Ann', 'Lee', 'ann@example.com', '555', 'Main Office', 'IT', 'IT', 'medium',
       'Printer jam', 'open', '[]', 'portal', 1, ?1, ?1 FROM n`,
    [now.getTime() - 5 * 86_400_000],
  );
  nudge(t, now, "Still open");
  const seen: string[] = [];
  setTimeout(() => seen.push("timer"), 0);
  const fired = await runTimeRules({ db: t.db, now });
  seen.push("pass done");
  expect(fired).toBe(2500);
  expect(seen).toEqual(["timer", "pass done"]);
});
