import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import { dayRangeSchema } from "../../src/shared/schemas/day-range";
import { dayRangeOf } from "../../src/http/day-range";
import { ratingOf, satisfactionFigures } from "../../src/satisfaction/ratings.service";
import { getTicketInScope } from "../../src/tickets/tickets.scope";

/** Requesters' answers to "How did we do?", within the viewer's scope. */
export const adminSatisfactionApi = new Hono<AppEnv>()
  .get("/", validate("query", dayRangeSchema), (c) => {
    const { from, to } = dayRangeOf(c.req.valid("query"));
    return c.json(satisfactionFigures(c.get("deps").db, c.get("user")!, from, to));
  })
  .get("/tickets/:id", validate("param", idParam), (c) => {
    const { db } = c.get("deps");
    const ticket = getTicketInScope(db, c.get("user")!, c.req.valid("param").id);
    return c.json({ rating: ratingOf(db, ticket.id) });
  });
