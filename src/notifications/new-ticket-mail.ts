import type { Database } from "bun:sqlite";
import { sqliteOf, type Db } from "../../db/client";
import type { Deps } from "../deps";
import { log } from "../log";
import { rowInScope } from "../tickets/tickets.scope";
import { digestFull, queueDigest } from "./digest";
import { isAway } from "./preferences";
import { notifyStatements, toRecipient } from "./statements";

const PASS_MS = 5_000;
const BATCH = 5_000;
const MARK = "new_ticket_mail_mark";

type Row = { id: number; department: string; companyName: string; assignedTo: string | null; at: number };

const read = (sqlite: Database, mark: number) =>
  sqlite
    .query<Row, [number, number]>(
      `SELECT id, department, company_name AS companyName, assigned_to AS assignedTo, created_at AS at
       FROM tickets WHERE id > ? ORDER BY id LIMIT ?`,
    )
    .all(mark, BATCH);

const newest = (sqlite: Database) =>
  sqlite.query<{ hi: number }, []>("SELECT coalesce(max(id), 0) AS hi FROM tickets").get()!.hi;

/**
 * Tells the agents who asked for new tickets by e-mail, in passes after the submissions rather than in
 * them: each pass reads the tickets after its mark once and adds them to the waiting e-mails.
 */
export function mailNewTickets(db: Db, now: Date): number {
  return db.transaction(
    (tx) => {
      const sqlite = sqliteOf(tx);
      const q = notifyStatements(sqlite);
      const stored = sqlite
        .query<{ v: string }, [string]>("SELECT value AS v FROM app_settings WHERE key = ?")
        .get(MARK);
      const users = q.newTicketMailSubscribers.all().map(toRecipient);
      // the first pass starts from the newest ticket (nothing older is mailed), as does one with nobody asking
      const rows = stored && users.length ? read(sqlite, Number(stored.v)) : [];
      const mark = rows.at(-1)?.id ?? newest(sqlite);
      for (const user of users) {
        if (isAway(user, now)) continue;
        for (const t of rows) {
          if (!rowInScope(user, t)) continue;
          if (digestFull(tx, user.id)) break;
          const [row] = q.insert.all(user.id, t.id, "new_ticket", null, 0, t.at);
          queueDigest(tx, user, row!.id, now);
        }
      }
      if (!stored || Number(stored.v) !== mark)
        sqlite
          .query(
            "INSERT INTO app_settings (key, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET value = ?2, updated_at = ?3",
          )
          .run(MARK, String(mark), now.getTime());
      return rows.length;
    },
    { behavior: "immediate" },
  );
}

/** A pass every few seconds, in the one process holding the job's lease, when it may write. */
export function startNewTicketMail(deps: Pick<Deps, "db" | "now" | "groupCommit">) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // a burst past one batch is read in several transactions, each short
    deps.groupCommit
      .inTurn(() => {
        while (mailNewTickets(deps.db, deps.now()) === BATCH);
      })
      .catch((err) => log.warn("new-ticket e-mails failed", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, PASS_MS);
  return { stop: () => clearInterval(timer) };
}
