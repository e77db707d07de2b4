import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { writeCtx } from "../../src/http/write-ctx";
import { limitByIp } from "../../src/http/security";
import { validate } from "../../src/http/validate";
import { createRequesterReplySchema } from "../../src/shared/schemas/note";
import {
  addRequesterFiles,
  replyAsRequester,
  ticketForToken,
} from "../../src/conversation/requester.service";
import { requesterView } from "../../src/conversation/requester-view";
import { findAttachmentFile } from "../../src/attachments/attachments.service";
import { sendDownload } from "../../src/http/download";
import { receiveFiles } from "./public-files";
import { toPublicAttachment } from "../../src/tickets/tickets.dto";
import { fileAnswer, multipartBody } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";
import { ratingSchema } from "../../src/shared/schemas/satisfaction";
import { rateTicket } from "../../src/satisfaction/ratings.service";
import { dbWriteCtx } from "../../src/http/write-ctx";

// Any string: a malformed token must get the same answer as an unknown one, not a validation error.
const tokenParam = z.object({ token: z.string() });
const fileParam = tokenParam.extend(idParam.shape);
// Every call counts against the address's public search budget, so guessing tokens is as slow as guessing ids.
const limited = limitByIp((c) => c.get("deps").limiters.publicSearch);

/** The requester's own ticket behind its private link: unmasked, public notes and files only. */
export const requesterApi = new Hono<AppEnv>()
  .use("*", limited)
  .get("/:token", validate("param", tokenParam), (c) =>
    c.json(requesterView(c.get("deps").db, ticketForToken(c.get("deps"), c.req.valid("param").token))),
  )
  .post("/:token/notes", validate("param", tokenParam), validate("json", createRequesterReplySchema), (c) => {
    const deps = c.get("deps");
    const ticket = ticketForToken(deps, c.req.valid("param").token);
    replyAsRequester({ ...writeCtx(c), ticket, note: c.req.valid("json").note });
    return c.json(requesterView(deps.db, ticket), 201);
  })
  .put("/:token/rating", validate("param", tokenParam), validate("json", ratingSchema), (c) => {
    const deps = c.get("deps");
    const ticket = ticketForToken(deps, c.req.valid("param").token);
    rateTicket(dbWriteCtx(c), ticket, c.req.valid("json"));
    return c.json(requesterView(deps.db, ticket));
  })
  .post("/:token/attachments", validate("param", tokenParam), multipartBody(["files", "file"]), async (c) => {
    const deps = c.get("deps");
    const found = ticketForToken(deps, c.req.valid("param").token);
    const { ticket, files } = await receiveFiles(c, {
      policy: "public",
      fileFields: ["files", "file"],
      ticketOf: () => found,
    });
    const rows = await addRequesterFiles({ ...writeCtx(c), ticket, files });
    return c.json({ attachments: rows.map(toPublicAttachment) }, 201);
  })
  .get("/:token/attachments/:id/download", validate("param", fileParam), fileAnswer(), async (c) => {
    const { token, id } = c.req.valid("param");
    const ticket = ticketForToken(c.get("deps"), token);
    return sendDownload(
      await findAttachmentFile({ deps: c.get("deps"), id, includeInternal: false, ticketId: ticket.id }),
    );
  });
