import type { Db } from "../../db/client";
import type { TicketRow } from "../../db/schema";
import type { Actor } from "../audit/audit.service";
import type { AuthUser } from "../shared/dto";
import { getTicketInScope } from "../tickets/tickets.scope";
import { assertFresh } from "../tickets/tickets.version";
import { setTicketTags } from "./ticket-tags";

type Ctx = { db: Db; actor: Actor; user: AuthUser; id: number; now: Date; ifMatch?: number };

/** PUT of a ticket's tags: scope, freshness and the change in one immediate transaction. */
export function putTicketTags({ names, ...ctx }: Ctx & { names: string[] }): TicketRow {
  return ctx.db.transaction(
    (tx) => {
      const ticket = getTicketInScope(tx, ctx.user, ctx.id);
      assertFresh(tx, ticket, ctx.ifMatch, ctx.user);
      return setTicketTags(tx, { actor: ctx.actor, ticket, names, now: ctx.now });
    },
    { behavior: "immediate" },
  );
}
