import type { Database } from "bun:sqlite";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** Thrown from inside SQLite when a query ran past its budget; the query ends with it. */
class BudgetExceeded extends Error {
  constructor(readonly ms: number) {
    super(`query ran past its ${ms} ms budget`);
  }
}

/**
 * Thrown from inside SQLite when a read tried at once ran past its wall-clock allowance (quickly):
 * it is not refused, only to be started over where costly reads wait their turn.
 */
export class NotQuick extends Error {
  constructor() {
    super("read ran past its allowance for running at once");
  }
}

type Budget = { deadline: number; ms: number; calls: number; quickUntil: number };
const budgets = new WeakMap<Database, Budget>();
// The clock is read every this many rows: reading it costs far more than a row's call.
const CHECK_EVERY = 256;
// The allowance is far shorter than a budget, so it is checked more often: every this many rows.
const CHECK_QUICK = 32;
/**
 * The thread's CPU time in µs, not the wall clock: a query is refused for the work it does, never
 * because a busy machine left the process waiting (which would make the same search flaky).
 */
const cpuNow = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

/**
 * Defines `within_budget(x)` on a connection: SQLite calls it for each row a bounded query
 * examines, and it ends the query once the connection's current budget is spent. Without a
 * budget it is a no-op, so streams such as the export are never cut short.
 */
export function defineBudget(sqlite: Database) {
  const budget: Budget = {
    deadline: Number.POSITIVE_INFINITY,
    ms: 0,
    calls: 0,
    quickUntil: Number.POSITIVE_INFINITY,
  };
  budgets.set(sqlite, budget);
  const spend = spendingOf(budget);
  sqlite.function("within_budget", (_row: unknown) => {
    spend();
    return 1;
  });
}

// An overrun is the same error tried at once or not, so a part that may be left out (a total) is left out;
// withBudget then starts a read tried at once over in the lane instead of refusing it as too broad.
const spendingOf = (budget: Budget) => () => {
  const quick = budget.quickUntil < Number.POSITIVE_INFINITY;
  if (quick && ++budget.calls % CHECK_QUICK === 0 && performance.now() > budget.quickUntil)
    throw new NotQuick();
  if (!quick) ++budget.calls;
  if (budget.calls % CHECK_EVERY === 0 && cpuNow() > budget.deadline) throw new BudgetExceeded(budget.ms);
};

/**
 * What within_budget does for one row, for a function SQLite already calls per row (the search
 * walk's test): one call from SQLite instead of two, which was a quarter of a walked ticket's cost.
 */
export function rowSpender(sqlite: Database): () => void {
  const budget = budgets.get(sqlite);
  if (!budget) throw new Error("this connection was not opened with a query budget");
  return spendingOf(budget);
}

/** A condition that counts every row SQLite examines against the running budget (put it first). */
export const withinBudget = (row: SQLWrapper): SQL => sql`within_budget(${row})`;

/**
 * Runs `read` (synchronous queries on `sqlite`) with at most `ms` of CPU time; past it the
 * query stops and `onExceeded` decides what is thrown instead.
 */
export function withBudget<T>(sqlite: Database, ms: number, read: () => T, onExceeded: () => Error): T {
  const budget = budgets.get(sqlite);
  if (!budget || budget.deadline !== Number.POSITIVE_INFINITY) return read(); // none, or one already runs
  budget.ms = ms;
  budget.calls = 0;
  budget.deadline = cpuNow() + ms * 1000;
  try {
    return read();
  } catch (error) {
    if (error instanceof BudgetExceeded)
      throw budget.quickUntil < Number.POSITIVE_INFINITY ? new NotQuick() : onExceeded();
    throw error;
  } finally {
    budget.deadline = Number.POSITIVE_INFINITY;
  }
}

/**
 * Runs `read` if its rows are examined within `ms` of the wall clock (how long it holds the thread), else
 * throws NotQuick, keeping what it kept. Only rows handed to within_budget or a walk's test are timed, so
 * `read` must be one whose cost lies in those.
 */
export function quickly<T>(sqlite: Database, ms: number, read: () => T): T {
  const budget = budgets.get(sqlite);
  if (!budget) throw new Error("this connection was not opened with a query budget");
  if (budget.quickUntil !== Number.POSITIVE_INFINITY) return read(); // one already runs
  budget.quickUntil = performance.now() + ms;
  try {
    return read();
  } finally {
    budget.quickUntil = Number.POSITIVE_INFINITY;
  }
}

/**
 * `count`, kept by `keep` until the data changes even past the budget: SQLite cannot stop inside FTS5
 * reading a term's matches, so asking again would overrun the next request's budget for nothing. A kept
 * overrun is refused again as one; without a running budget (a view's count) it is counted in full.
 */
export function keptCount(
  sqlite: Database,
  count: () => number,
  keep: (compute: () => number) => number,
): number {
  const n = keep(() => orPastBudget(count, () => Number.NaN));
  if (!Number.isNaN(n)) return n;
  const budget = budgets.get(sqlite);
  if (budget && budget.deadline !== Number.POSITIVE_INFINITY) throw new BudgetExceeded(budget.ms);
  return count();
}

/**
 * `read`, or `instead()` when it runs past the current budget: for a part of an answer that may be
 * left out, such as a total. Nothing may query after it within the same budget: that one is spent.
 */
export function orPastBudget<T>(read: () => T, instead: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof BudgetExceeded) return instead();
    throw error;
  }
}
