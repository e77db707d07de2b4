import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { writeCtx } from "../../src/http/write-ctx";
import { acceptUnverified, discardUnverified } from "../../src/conversation/unverified.service";
import { idParam } from "../../src/shared/schemas/id-param";
import { decideUnverifiedSchema } from "../../src/shared/schemas/unverified";
import { toNoteDto } from "../../src/tickets/tickets.dto";

/** E-mailed replies held because their sender is unverified: staff accept or discard them, in scope, audited. */
export const adminUnverifiedApi = new Hono<AppEnv>()
  .post(
    "/:id/unverified/accept",
    validate("param", idParam),
    validate("json", decideUnverifiedSchema),
    (c) => {
      const { id } = c.req.valid("param");
      const note = acceptUnverified({
        ...writeCtx(c),
        user: c.get("user")!,
        ticketId: id,
        ...c.req.valid("json"),
      });
      return c.json(toNoteDto(note), 200);
    },
  )
  .post(
    "/:id/unverified/discard",
    validate("param", idParam),
    validate("json", decideUnverifiedSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      await discardUnverified({ ...writeCtx(c), user: c.get("user")!, ticketId: id, ...c.req.valid("json") });
      return c.json({ message: "Message discarded" }, 200);
    },
  );
