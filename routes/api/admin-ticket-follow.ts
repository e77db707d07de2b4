import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { noBody } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";
import { followState, setFollowing } from "../../src/notifications/follow.service";
import { mentionable } from "../../src/notifications/mentions";
import { getTicketInScope } from "../../src/tickets/tickets.scope";
import { ticketMinutes } from "../../src/time-spent/time-spent.queries";

/** Following a ticket, who a note on it may mention, and the time spent on it. */
export const adminTicketFollowApi = new Hono<AppEnv>()
  .get("/:id/follow", validate("param", idParam), (c) =>
    c.json(followState(c.get("deps").db, c.get("user")!, c.req.valid("param").id)),
  )
  .put("/:id/follow", validate("param", idParam), noBody(), (c) =>
    c.json(setFollowing({ ...dbWriteCtx(c), user: c.get("user")!, id: c.req.valid("param").id, on: true })),
  )
  .delete("/:id/follow", validate("param", idParam), (c) =>
    c.json(setFollowing({ ...dbWriteCtx(c), user: c.get("user")!, id: c.req.valid("param").id, on: false })),
  )
  .get("/:id/mentionable", validate("param", idParam), (c) => {
    const { db } = c.get("deps");
    return c.json(mentionable(db, getTicketInScope(db, c.get("user")!, c.req.valid("param").id)));
  })
  .get("/:id/time-spent", validate("param", idParam), (c) => {
    const { db } = c.get("deps");
    const ticket = getTicketInScope(db, c.get("user")!, c.req.valid("param").id);
    return c.json({ minutes: ticketMinutes(db, ticket.id) });
  });
