import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { limitByIp } from "../../src/http/security";
import { validate } from "../../src/http/validate";
import { myTickets, openFromMyTickets } from "../../src/conversation/tracking.service";

// Any string: a malformed token gets the same answer as an unknown or expired one.
const tokenParam = z.object({ token: z.string() });
const openSchema = z.object({ ticketId: z.string().max(40) });
// Guessing tokens costs the same budget as guessing ticket numbers.
const limited = limitByIp((c) => c.get("deps").limiters.publicSearch);

/** "My tickets": one address's tickets behind the link e-mailed to it, each opened by a fresh private link. */
export const myTicketsApi = new Hono<AppEnv>()
  .use("*", limited)
  .get("/:token", validate("param", tokenParam), (c) =>
    c.json(myTickets(c.get("deps"), c.req.valid("param").token, c.get("deps").now())),
  )
  .post("/:token/open", validate("param", tokenParam), validate("json", openSchema), (c) =>
    c.json(
      openFromMyTickets(
        c.get("deps"),
        c.req.valid("param").token,
        c.req.valid("json").ticketId,
        c.get("deps").now(),
      ),
    ),
  );
