import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { DbWriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import type { AwayInput, NotifySettings, NotifySettingsInput } from "../shared/schemas/notifications";
import { recordAudit } from "../audit/audit.service";
import { badRequest } from "../errors/domain-error";
import { isAway, prefsOf, savePrefs, settingsOf } from "./preferences";
import type { Db } from "../../db/client";

export type MySettings = {
  notify: NotifySettings;
  away: { from: string | null; until: string | null; deputyId: number | null; now: boolean };
};

export function mySettings(db: Db, userId: number, now: Date): MySettings {
  const row = prefsOf(db, userId);
  const away = {
    from: row?.awayFrom ?? null,
    until: row?.awayUntil ?? null,
    deputyId: row?.deputyId ?? null,
  };
  return { notify: settingsOf(row), away: { ...away, now: isAway(row, now) } };
}

type Ctx = DbWriteCtx & { user: AuthUser };

/** Switches notifications on or off; the keys left out keep their value. */
export function setNotifySettings({ db, actor, user, now, input }: Ctx & { input: NotifySettingsInput }) {
  db.transaction((tx) => {
    const before = settingsOf(prefsOf(tx, user.id));
    const notify = { ...before, ...input };
    // new tickets are listed from the moment the bell was switched on for them, never from before
    const listening = notify.newTicket.app && !before.newTicket.app;
    savePrefs(tx, user.id, listening ? { notify, newTicketsFrom: now, newTicketsRead: null } : { notify });
    recordAudit(
      tx,
      actor,
      {
        action: "notifications_changed",
        entityType: "user",
        entityId: user.id,
        oldValue: before,
        newValue: notify,
      },
      now,
    );
  });
  return mySettings(db, user.id, now);
}

/** Marks the user away between two dates (or back, with none); the deputy must be an active colleague. */
export function setAway({ db, actor, user, now, input }: Ctx & { input: AwayInput }) {
  const { from, until, deputyId } = input;
  db.transaction((tx) => {
    if (deputyId === user.id)
      throw badRequest("You cannot be your own deputy", { deputyId: "Choose a colleague" });
    const deputy =
      deputyId !== null &&
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, deputyId), eq(users.status, "active")))
        .get();
    if (deputyId !== null && !deputy) throw badRequest("Deputy not found", { deputyId: "Deputy not found" });
    const before = prefsOf(tx, user.id);
    savePrefs(tx, user.id, { awayFrom: from, awayUntil: until, deputyId: from === null ? null : deputyId });
    recordAudit(
      tx,
      actor,
      {
        action: from === null ? "away_ended" : "away_set",
        entityType: "user",
        entityId: user.id,
        oldValue: { from: before?.awayFrom ?? null, until: before?.awayUntil ?? null },
        newValue: { from, until, deputyId },
      },
      now,
    );
  });
  return mySettings(db, user.id, now);
}
