import { Database } from "bun:sqlite";

type Row = { count: number; reset_at: number; ok: number };

/** Whether a process still runs: a signal 0 checks without sending (EPERM: it runs, as another user). */
function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Window counters every server process shares: a small SQLite file of its own beside the database,
 * with synchronous=OFF, since losing a minute of counts to a power cut is harmless and a synced
 * write per request is not. Each change is one statement, so it is atomic across processes.
 */
export class SharedStore {
  private statements;
  private swept = 0;
  /** Takes `amount` (one unless told) of `max` places of the key across every process; false when they would go past it. */
  readonly hold: (key: string, max: number, amount?: number) => boolean;
  /** Gives back `amount` (one unless told) of the places this process holds. */
  readonly letGo: (key: string, amount?: number) => void;

  constructor(
    path: string,
    private now: () => number = Date.now,
  ) {
    const db = new Database(path, { create: true });
    db.exec("PRAGMA busy_timeout = 8000");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = OFF");
    db.exec(
      "CREATE TABLE IF NOT EXISTS windows (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL, ok INTEGER NOT NULL) WITHOUT ROWID",
    );
    // Places held by each process (open event streams): a process killed outright cannot give its
    // back, so a row counts only while its process runs, and a process starting under a reused pid
    // first drops what an earlier one left under it.
    db.exec(
      "CREATE TABLE IF NOT EXISTS held (key TEXT NOT NULL, pid INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (key, pid)) WITHOUT ROWID",
    );
    db.prepare("DELETE FROM held WHERE pid = ?").run(process.pid);
    const heldBy = db.prepare<{ pid: number; n: number }, [string]>("SELECT pid, n FROM held WHERE key = ?");
    const drop = db.prepare("DELETE FROM held WHERE key = ? AND pid = ?");
    const take = db.prepare(
      "INSERT INTO held (key, pid, n) VALUES (?1, ?2, ?3) ON CONFLICT(key, pid) DO UPDATE SET n = n + ?3",
    );
    // one write transaction from the count to the insert: two processes never both take the last place
    this.hold = db.transaction((key: string, max: number, amount = 1) => {
      let total = 0;
      for (const row of heldBy.all(key)) {
        if (row.pid === process.pid || running(row.pid)) total += row.n;
        else drop.run(key, row.pid);
      }
      if (total + amount > max) return false;
      take.run(key, process.pid, amount);
      return true;
    }).immediate as (key: string, max: number, amount?: number) => boolean;
    const letGo = db.prepare("UPDATE held SET n = n - ?3 WHERE key = ?1 AND pid = ?2");
    const empty = db.prepare("DELETE FROM held WHERE key = ? AND pid = ? AND n <= 0");
    this.letGo = (key: string, amount = 1) => {
      letGo.run(key, process.pid, amount);
      empty.run(key, process.pid);
    };
    // ?4 = the most the window may hold after this change (-1: no bound, the amount is always added).
    const fresh = "reset_at <= ?2";
    const fits = "(?4 < 0 OR count + ?3 <= ?4)";
    this.statements = {
      add: db.prepare<Row, [string, number, number, number, number]>(
        `INSERT INTO windows (key, count, reset_at, ok) VALUES (?1, ?3, ?2 + ?5, 1)
         ON CONFLICT(key) DO UPDATE SET
           count = CASE WHEN ${fresh} THEN ?3 WHEN ${fits} THEN count + ?3 ELSE count END,
           reset_at = CASE WHEN ${fresh} THEN ?2 + ?5 ELSE reset_at END,
           ok = CASE WHEN ${fresh} OR ${fits} THEN 1 ELSE 0 END
         RETURNING count, reset_at, ok`,
      ),
      get: db.prepare<Row, [string]>("SELECT count, reset_at, ok FROM windows WHERE key = ?"),
      giveBack: db.prepare<Row, [string, number, number]>(
        "UPDATE windows SET count = max(count - ?3, 0) WHERE key = ?1 AND reset_at = ?2",
      ),
      remove: db.prepare<Row, [string]>("DELETE FROM windows WHERE key = ?"),
      sweep: db.prepare<Row, [number]>("DELETE FROM windows WHERE reset_at <= ?"),
    };
  }

  /**
   * Adds `amount` to the key's window (a new window when the old one ended); with `max` >= 0 the
   * amount is added only if the total stays within it. Returns the total, the window's end and whether it was added.
   */
  add(key: string, amount: number, windowMs: number, max = -1) {
    const t = this.now();
    if (t - this.swept > 60_000) this.sweep(t);
    const row = this.statements.add.all(key, t, amount, max, windowMs)[0]!;
    return { count: row.count, resetAt: row.reset_at, added: row.ok === 1, now: t };
  }

  /** The key's current window, or null when it has none or it ended. */
  peek(key: string) {
    const t = this.now();
    const row = this.statements.get.all(key)[0];
    return row && row.reset_at > t ? { count: row.count, resetAt: row.reset_at, now: t } : null;
  }

  /** Takes `amount` back out of the window that ends at `resetAt` (a later window is left alone). */
  giveBack(key: string, resetAt: number, amount: number) {
    this.statements.giveBack.run(key, resetAt, amount);
  }

  remove(key: string) {
    this.statements.remove.run(key);
  }

  private sweep(t: number) {
    this.swept = t;
    this.statements.sweep.run(t);
  }
}
