import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import { requesterTickets, ticketHistory } from "../../src/ticket-page/ticket-history";

/** What the full ticket page shows beside the ticket: its history and the requester's other tickets. */
export const adminTicketPageApi = new Hono<AppEnv>()
  .get("/:id/history", validate("param", idParam), (c) =>
    c.json(ticketHistory(c.get("deps").db, c.get("user")!, c.req.valid("param").id)),
  )
  .get("/:id/requester-tickets", validate("param", idParam), (c) =>
    c.json(requesterTickets(c.get("deps").db, c.get("user")!, c.req.valid("param").id)),
  );
