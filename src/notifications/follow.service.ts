import type { DbWriteCtx } from "../deps";
import type { AuthUser } from "../shared/dto";
import { recordAudit } from "../audit/audit.service";
import { getTicketInScope } from "../tickets/tickets.scope";
import { follow, followerIds, unfollow } from "./followers";
import type { Db } from "../../db/client";

export type FollowState = { following: boolean; followers: number };

export function followState(db: Db, user: AuthUser, id: number): FollowState {
  const ticket = getTicketInScope(db, user, id);
  const ids = followerIds(db, ticket.id);
  return { following: ids.includes(user.id), followers: ids.length };
}

/** Any agent who may see a ticket can follow it, or stop; a change is audited, a repeat changes nothing. */
export function setFollowing({
  db,
  actor,
  user,
  now,
  id,
  on,
}: DbWriteCtx & { user: AuthUser; id: number; on: boolean }) {
  db.transaction(
    (tx) => {
      const ticket = getTicketInScope(tx, user, id);
      const changed = on ? follow(tx, ticket.id, user.id, now) : unfollow(tx, ticket.id, user.id);
      if (changed)
        recordAudit(
          tx,
          actor,
          { action: on ? "followed" : "unfollowed", entityType: "ticket", entityId: ticket.ticketId },
          now,
        );
    },
    { behavior: "immediate" },
  );
  return followState(db, user, id);
}
