import type { Database, Statement } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { type Db, perConnection, sqliteOf, type Tx } from "../../db/client";
import { automationFirings, tickets, type TicketRow } from "../../db/schema";
import { getServiceLevels } from "../service-levels/sla-settings";
import type { AutomationRuleDto } from "../shared/schemas/automation";
import { INACTIVE } from "../tickets/tickets.queries";
import type { ActionEnv } from "./actions";
import { conditionsHold } from "./conditions";
import { closeSession, fire, openSession, runEvent, subjectOf } from "./engine";
import { activeRules, listRules } from "./rules";
import { trimRuns } from "./run-log";
import { insertNotes, type RuleNote } from "./statements";
import { timeCutoff } from "./time-clock";

type Since = NonNullable<AutomationRuleDto["trigger"]["since"]>;
const reply = (staff: boolean) =>
  `(SELECT max(n.created_at) FROM ticket_notes n WHERE n.ticket_id = t.id
    AND n.user_id IS ${staff ? "NOT NULL" : "NULL"} AND n.is_internal = 0)`;

/** The instant each kind of time rule counts from; null (no reply yet, no running clock) never fires. */
const ANCHORS: Record<Since, string> = {
  status: "coalesce(t.status_changed_at, t.updated_at)",
  created: "t.created_at",
  requester_reply: reply(false),
  staff_reply: reply(true),
  first_response_due: "CASE WHEN t.first_responded_at IS NULL THEN t.first_response_due_at END",
  resolution_due: "t.resolution_due_at",
};

type Due = { id: number; anchor: number };
/** Candidates read per statement, and the most firings one write holds. */
const SCAN_CHUNK = 1_000;
const BATCH = 500;
/** A write stops taking firings past this much time, so the requests waiting on this thread are not held long. */
const BATCH_MS = 50;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export type TimePass = {
  db: Db;
  now: Date;
  env?: ActionEnv;
  /** Runs one write transaction in the app's write order (the group commit); direct when absent. */
  inWriteTurn?: <T>(write: () => T) => Promise<T>;
};

/** The columns conditions read, raw: a pass reads every open ticket, and turning ten timestamps into dates each was most of it. */
type Candidate = Omit<ConditionColumns, "tags"> & { id: number; tags: string; anchor: number };
type ConditionColumns = Pick<
  TicketRow,
  | "status"
  | "priority"
  | "department"
  | "ticketType"
  | "companyName"
  | "assignedTo"
  | "location"
  | "firstName"
  | "lastName"
  | "email"
  | "description"
  | "tags"
  | "channel"
>;

const statements = perConnection((sqlite: Database) => {
  const bySince = new Map<Since, Statement<Candidate, [number, number, number]>>();
  return (since: Since) => {
    let stmt = bySince.get(since);
    if (!stmt) {
      const a = ANCHORS[since];
      stmt = sqlite.prepare<Candidate, [number, number, number]>(
        `SELECT t.id, t.status, t.priority, t.department, t.ticket_type AS ticketType,
           t.company_name AS companyName, t.assigned_to AS assignedTo, t.location, t.first_name AS firstName,
           t.last_name AS lastName, t.email, t.description, t.tags, t.channel, ${a} AS anchor
         FROM tickets t LEFT JOIN automation_firings f ON f.rule_id = ?1 AND f.ticket_id = t.id
         WHERE t.id > ?3 AND t.status NOT IN (${INACTIVE.map((s) => `'${s}'`).join(", ")})
           AND t.merged_into IS NULL AND ${a} <= ?2 AND (f.anchor_at IS NULL OR f.anchor_at <> ${a})
         ORDER BY t.id LIMIT ${SCAN_CHUNK}`,
      );
      bySince.set(since, stmt);
    }
    return stmt;
  };
});

/**
 * Open tickets past the rule's time, not fired on for this anchor yet, whose conditions hold now: read
 * in id order a chunk at a time, giving the requests waiting meanwhile their turn between chunks.
 */
async function dueTickets(db: Db, rule: AutomationRuleDto, cutoff: Date, now: Date) {
  const stmt = statements(sqliteOf(db))(rule.trigger.since!);
  const due: Due[] = [];
  for (let after = 0; ; await nextTurn()) {
    const chunk = stmt.all(rule.id, cutoff.getTime(), after);
    for (const c of chunk) {
      const ticket = { ...c, tags: JSON.parse(c.tags) as string[] } as unknown as TicketRow;
      if (conditionsHold(rule, subjectOf(db, ticket, now))) due.push({ id: c.id, anchor: c.anchor });
    }
    if (chunk.length < SCAN_CHUNK) return due;
    after = chunk[chunk.length - 1]!.id;
  }
}

/** Fires the rule on one ticket read afresh in the write, records the anchor so it fires once for it, then runs the `changed` rules it set off. */
function fireOn(tx: Tx, rule: AutomationRuleDto, id: number, anchor: number, p: TimePass, notes: RuleNote[]) {
  const ticket = tx.select().from(tickets).where(eq(tickets.id, id)).get();
  if (!ticket || !conditionsHold(rule, subjectOf(tx, ticket, p.now))) return false;
  const firing = { ruleId: rule.id, ticketId: id, anchorAt: anchor, firedAt: p.now };
  tx.insert(automationFirings)
    .values(firing)
    .onConflictDoUpdate({ target: [automationFirings.ruleId, automationFirings.ticketId], set: firing })
    .run();
  const s = openSession(tx, ticket, p.now, p.env);
  const applied = fire(s, rule);
  if (applied && Object.keys(applied.changes).length > 0)
    runEvent(s, activeRules(tx), "changed", applied.changes);
  closeSession(s, notes);
  return true;
}

/** Fires on due tickets from `from` on, in one write of at most BATCH firings or BATCH_MS. */
function fireSome(tx: Tx, rule: AutomationRuleDto, due: Due[], from: number, p: TimePass) {
  const notes: RuleNote[] = [];
  const start = performance.now();
  const end = Math.min(due.length, from + BATCH);
  let [next, fired] = [from, 0];
  while (next < end && performance.now() - start < BATCH_MS) {
    const d = due[next++]!;
    if (fireOn(tx, rule, d.id, d.anchor, p, notes)) fired++;
  }
  insertNotes(tx, notes, p.now);
  return { next, fired };
}

/**
 * One pass of every active time rule over the open tickets: candidates are read outside any write, a
 * chunk at a time, conditions checked in memory, and the matches fired in short writes that read each
 * ticket again, so a ticket changed meanwhile is judged as it stands; then each rule's runs list is
 * trimmed. Between chunks and writes the thread serves what waits. Returns how many firings it made.
 */
export async function runTimeRules(p: TimePass): Promise<number> {
  const rules = listRules(p.db).filter((r) => r.active && r.trigger.kind === "time" && r.trigger.since);
  const calendar = getServiceLevels(p.db).calendar;
  const inTurn = p.inWriteTurn ?? (async <T>(write: () => T) => write());
  let fired = 0;
  for (const rule of rules) {
    const cutoff = timeCutoff(calendar, rule.trigger, p.now);
    if (!cutoff) continue;
    const due = await dueTickets(p.db, rule, cutoff, p.now);
    for (let from = 0; from < due.length; await nextTurn()) {
      const write = () =>
        p.db.transaction((tx) => fireSome(tx, rule, due, from, p), { behavior: "immediate" });
      const done = await inTurn(write);
      fired += done.fired;
      from = done.next;
    }
  }
  await inTurn(() =>
    trimRuns(
      p.db,
      listRules(p.db).map((r) => r.id),
    ),
  );
  return fired;
}
