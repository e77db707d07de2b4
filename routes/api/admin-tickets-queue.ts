import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { actorOf } from "../../src/http/auth";
import { writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { streamDownload } from "../../src/http/stream";
import { ticketFiltersSchema } from "../../src/shared/schemas/filters";
import { bulkActionSchema } from "../../src/shared/schemas/admin-ticket";
import { TICKET_ID_PATTERN } from "../../src/shared/format";
import { mailCtxOf, undoHold } from "../../src/conversation/notify";
import { bulkTickets } from "../../src/tickets/tickets.bulk";
import { undoBulkSendSchema } from "../../src/shared/schemas/undo";
import { undoBulkSend } from "../../src/conversation/undo-send";
import { expectedVersions } from "../../src/http/if-match";
import { getTicketByPublicId } from "../../src/tickets/tickets.scope";
import { toAdminTicket } from "../../src/tickets/tickets.dto";
import { csvAnswer } from "../../src/http/openapi/describe";

const publicIdParam = z.object({ ticketId: z.string().regex(TICKET_ID_PATTERN, "Invalid ticket id") });

/** Working the queue: many tickets at once, the list as a file, a ticket by the id people quote. */
export const adminQueueApi = new Hono<AppEnv>()
  .post("/bulk", validate("json", bulkActionSchema), async (c) => {
    const ifMatch = expectedVersions(c.req.header("if-match"));
    const ctx = writeCtx(c);
    const input = c.req.valid("json");
    const hold = input.action === "status" ? undoHold(ctx.now) : undefined;
    const mail = { ...mailCtxOf(ctx.deps, ctx.now), hold };
    const result = await bulkTickets({ ...ctx, user: c.get("user")!, mail, ifMatch, input });
    c.get("deps").wakeMailer();
    return c.json(result);
  })
  .post("/bulk/undo", validate("json", undoBulkSendSchema), (c) => {
    const { deps, actor, now } = writeCtx(c);
    const done = undoBulkSend({ db: deps.db, actor, now, user: c.get("user")!, ...c.req.valid("json") });
    return c.json({ ...done, message: "Undone: the e-mails were not sent" });
  })
  .get("/export.csv", validate("query", ticketFiltersSchema), csvAnswer(), (c) => {
    const deps = c.get("deps");
    const now = deps.now();
    const filters = { ...c.req.valid("query"), dueNow: now };
    const out = deps.reads.export(actorOf(c), c.get("user")!, filters, now);
    return streamDownload(out.filename, "text/csv", out.chunks);
  })
  .get("/by-ticket-id/:ticketId", validate("param", publicIdParam), (c) =>
    c.json(
      toAdminTicket(getTicketByPublicId(c.get("deps").db, c.get("user")!, c.req.valid("param").ticketId)),
    ),
  );
