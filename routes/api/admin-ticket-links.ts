import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import { addLink, listLinks, removeLink } from "../../src/ticket-links/relations";

const linkSchema = z.object({
  ticket: z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .trim()
        .regex(/^[A-Z]{1,5}-\d{4}-\d{3,}$/i),
    ],
    {
      error: "Choose the ticket to link",
    },
  ),
  kind: z.enum(["related", "parent", "child"], { error: "Invalid link kind" }),
});
const linkParam = idParam.extend({ linkId: z.coerce.number().int().positive() });
const ctxOf = (c: Context<AppEnv>) => ({ ...dbWriteCtx(c), user: c.get("user")! });

/** Related and parent/child links between tickets, both within the agent's scope. */
export const adminTicketLinksApi = new Hono<AppEnv>()
  .get("/:id/links", validate("param", idParam), (c) =>
    c.json(listLinks(c.get("deps").db, c.get("user")!, c.req.valid("param").id)),
  )
  .post("/:id/links", validate("param", idParam), validate("json", linkSchema), (c) => {
    const { ticket, kind } = c.req.valid("json");
    addLink({ ...ctxOf(c), id: c.req.valid("param").id, other: ticket, kind });
    return c.json(listLinks(c.get("deps").db, c.get("user")!, c.req.valid("param").id), 201);
  })
  .delete("/:id/links/:linkId", validate("param", linkParam), (c) => {
    removeLink({ ...ctxOf(c), ...c.req.valid("param") });
    return c.json({ message: "Link removed" });
  });
