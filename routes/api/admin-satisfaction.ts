import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { badRequest } from "../../src/errors/domain-error";
import { idParam } from "../../src/shared/schemas/id-param";
import { figuresRangeSchema } from "../../src/shared/schemas/knowledge";
import { ratingOf, satisfactionFigures } from "../../src/satisfaction/ratings.service";
import { getTicketInScope } from "../../src/tickets/tickets.scope";

/** Requesters' answers to "How did we do?", within the viewer's scope. */
export const adminSatisfactionApi = new Hono<AppEnv>()
  .get("/", validate("query", figuresRangeSchema), (c) => {
    const q = c.req.valid("query");
    const [from, to] = [new Date(`${q.from}T00:00:00Z`), new Date(`${q.to}T00:00:00Z`)];
    if (!(from < to)) throw badRequest("from must be a date before to");
    return c.json(satisfactionFigures(c.get("deps").db, c.get("user")!, from, to));
  })
  .get("/tickets/:id", validate("param", idParam), (c) => {
    const { db } = c.get("deps");
    const ticket = getTicketInScope(db, c.get("user")!, c.req.valid("param").id);
    return c.json({ rating: ratingOf(db, ticket.id) });
  });
