import { and, eq } from "drizzle-orm";
import { format } from "date-fns";
import type { DbOrTx } from "../../db/client";
import { agentPreferences, users } from "../../db/schema";
import { DEFAULT_NOTIFY, type NotifySettings } from "../shared/schemas/notifications";

type PrefRow = typeof agentPreferences.$inferSelect;

/** A user's switches, each missing one at its default. */
export const settingsOf = (row: Pick<PrefRow, "notify"> | undefined): NotifySettings => ({
  ...DEFAULT_NOTIFY,
  ...(row?.notify as Partial<NotifySettings> | undefined),
});

export const prefsOf = (db: DbOrTx, userId: number): PrefRow | undefined =>
  db.select().from(agentPreferences).where(eq(agentPreferences.userId, userId)).get();

/** Away between two local dates, both days included. */
export function isAway(row: Pick<PrefRow, "awayFrom" | "awayUntil"> | undefined, now: Date): boolean {
  if (!row?.awayFrom || !row.awayUntil) return false;
  const today = format(now, "yyyy-MM-dd");
  return row.awayFrom <= today && today <= row.awayUntil;
}

/**
 * Who should take work meant for `userId` now: their deputy while they are away (when the deputy is
 * active and not away too), else themself. Assignments and automations ask this before assigning.
 */
export function availableAssignee(db: DbOrTx, userId: number, now: Date): number {
  const prefs = prefsOf(db, userId);
  if (!isAway(prefs, now) || !prefs?.deputyId) return userId;
  const deputy = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, prefs.deputyId), eq(users.status, "active")))
    .get();
  return deputy && !isAway(prefsOf(db, deputy.id), now) ? deputy.id : userId;
}

/** Writes a user's row, creating it with defaults the first time. */
export function savePrefs(db: DbOrTx, userId: number, set: Partial<Omit<PrefRow, "userId">>) {
  db.insert(agentPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: agentPreferences.userId, set })
    .run();
}
