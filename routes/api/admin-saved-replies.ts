import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { dbWriteCtx, writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { idParam } from "../../src/shared/schemas/id-param";
import {
  savedReplySchema,
  savedReplySearchSchema,
  useSavedReplySchema,
} from "../../src/shared/schemas/saved-reply";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "../../src/saved-replies/saved-replies.service";
import { useSavedReply } from "../../src/saved-replies/use-saved-reply";
import { mailCtxOf } from "../../src/conversation/notify";
import { toAdminTicket } from "../../src/tickets/tickets.dto";

const ctxOf = (c: Context<AppEnv>) => ({ ...dbWriteCtx(c), user: c.get("user")! });

/** Saved replies: one's own and the shared ones (admins manage those), and their use on a ticket. */
export const adminSavedRepliesApi = new Hono<AppEnv>()
  .get("/", validate("query", savedReplySearchSchema), (c) =>
    c.json(listSavedReplies(c.get("deps").db, c.get("user")!, c.req.valid("query").q)),
  )
  .post("/", validate("json", savedReplySchema), (c) =>
    c.json(createSavedReply(ctxOf(c), c.req.valid("json")), 201),
  )
  .put("/:id", validate("param", idParam), validate("json", savedReplySchema), (c) =>
    c.json(updateSavedReply(ctxOf(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", validate("param", idParam), (c) => {
    deleteSavedReply(ctxOf(c), c.req.valid("param").id);
    return c.json({ message: "Saved reply deleted" });
  })
  .post("/:id/use", validate("param", idParam), validate("json", useSavedReplySchema), (c) => {
    const { deps, now } = writeCtx(c);
    const mail = mailCtxOf(deps, now);
    const used = useSavedReply({
      ...ctxOf(c),
      mail,
      publicUrl: mail.publicUrl,
      id: c.req.valid("param").id,
      ...c.req.valid("json"),
    });
    deps.wakeMailer();
    return c.json({ text: used.text, ticket: toAdminTicket(used.ticket) });
  });
