import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import { mergeTicket } from "../../src/ticket-links/merge";
import { toAdminTicket } from "../../src/tickets/tickets.dto";

/** The target by its id or its public number (WI-YYYY-NNN). */
const mergeSchema = z.object({
  into: z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .trim()
        .regex(/^[A-Z]{1,5}-\d{4}-\d{3,}$/i),
    ],
    {
      error: "Choose the ticket to merge into",
    },
  ),
});

/** Merging a ticket into another: both must be in the agent's scope. */
export const adminTicketMergeApi = new Hono<AppEnv>().post(
  "/:id/merge",
  validate("param", idParam),
  validate("json", mergeSchema),
  (c) => {
    const { merged, target } = mergeTicket({
      ...dbWriteCtx(c),
      user: c.get("user")!,
      id: c.req.valid("param").id,
      into: c.req.valid("json").into,
    });
    return c.json({ merged: toAdminTicket(merged), target: toAdminTicket(target) });
  },
);
