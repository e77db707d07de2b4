import { and, eq, gt, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { ticketFollowers, tickets, type TicketRow } from "../../db/schema";
import type { Deps } from "../deps";
import { RUNNING_STATUSES } from "../shared/due-state";
import { log } from "../log";
import { notify } from "./notify.service";

const PASS_MS = 60_000;
const passed = (col: typeof tickets.firstResponseDueAt, from: Date, to: Date) =>
  and(gt(col, from), lte(col, to));
const firstRunning = and(eq(tickets.status, "open"), isNull(tickets.firstRespondedAt));
const resolutionRunning = inArray(tickets.status, [...RUNNING_STATUSES]);

/** Followed tickets one of whose running clocks crossed an instant in (from, to]. */
function crossed(db: DbOrTx, at: (clock: "firstResponse" | "resolution") => SQL | undefined): TicketRow[] {
  return db
    .selectDistinct({ t: tickets })
    .from(ticketFollowers)
    .innerJoin(tickets, eq(tickets.id, ticketFollowers.ticketId))
    .where(or(and(firstRunning, at("firstResponse")), and(resolutionRunning, at("resolution"))))
    .all()
    .map((r) => r.t);
}

/**
 * Tells a followed ticket's followers (its assignee among them) once when a target comes close and once
 * when it is missed: each instant is seen by exactly one pass, the one whose window holds it.
 */
export function notifyDueChanges(db: Db, from: Date, to: Date, publicUrl?: string) {
  db.transaction((tx) => {
    const soon = crossed(tx, (c) =>
      passed(c === "firstResponse" ? tickets.firstResponseSoonAt : tickets.resolutionSoonAt, from, to),
    );
    const late = crossed(tx, (c) =>
      passed(c === "firstResponse" ? tickets.firstResponseDueAt : tickets.resolutionDueAt, from, to),
    );
    const followers = (id: number) =>
      tx
        .select({ id: ticketFollowers.userId })
        .from(ticketFollowers)
        .where(eq(ticketFollowers.ticketId, id))
        .all()
        .map((r) => r.id);
    for (const ticket of late)
      notify(tx, {
        kind: "breached",
        ticket,
        userIds: followers(ticket.id),
        actorId: null,
        now: to,
        publicUrl,
      });
    for (const ticket of soon)
      if (!late.some((l) => l.id === ticket.id))
        notify(tx, {
          kind: "due_soon",
          ticket,
          userIds: followers(ticket.id),
          actorId: null,
          now: to,
          publicUrl,
        });
  });
}

/** Once a minute, the window since the last pass (instants passed while no server ran are not told). */
export function startDueWatch(deps: Deps) {
  let from = deps.now();
  const timer = setInterval(() => {
    const to = deps.now();
    try {
      notifyDueChanges(deps.db, from, to, deps.config.publicUrl);
      from = to;
    } catch (err) {
      log.warn("due notifications failed", { error: String(err) });
    }
  }, PASS_MS);
  return { stop: () => clearInterval(timer) };
}
