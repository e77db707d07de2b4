import { Hono, type Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { writeCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { expectedVersion, versionTag } from "../../src/http/if-match";
import { costlyRead, costlyReadWhen } from "../../src/http/costly-reads";
import { TICKET_PAGE_SIZE } from "../../src/shared/constants";
import { ticketFiltersSchema } from "../../src/shared/schemas/filters";
import {
  assignSchema,
  deleteTicketSchema,
  priorityUpdateSchema,
  statusUpdateSchema,
  staffTicketSchema,
  ticketEditSchema,
} from "../../src/shared/schemas/admin-ticket";
import { openStaffTicket } from "../../src/tickets/staff-ticket";
import { editTicketGrouped } from "../../src/tickets/ticket-edit";
import { createStaffNoteSchema } from "../../src/shared/schemas/note";
import { badRequest } from "../../src/errors/domain-error";
import {
  assignTicket,
  deleteTicket,
  listAssignees,
  updateTicketPriority,
  updateTicketStatus,
} from "../../src/tickets/tickets.admin.service";
import { getTicketInScope } from "../../src/tickets/tickets.scope";
import { toAdminTicket, toStaffAttachment, toStaffNote } from "../../src/tickets/tickets.dto";
import { addStaffNote } from "../../src/conversation/staff-reply";
import { staffAuthor } from "../../src/notes/staff-author";
import { heldMailOf, mailCtxOf, undoHold } from "../../src/conversation/notify";
import { sendTicketLink } from "../../src/conversation/requester.service";
import { sendLinkSchema } from "../../src/shared/schemas/admin-ticket";
import { listNotes } from "../../src/notes/notes.queries";
import { addAttachments, listAttachments } from "../../src/attachments/attachments.service";
import { receiveFiles } from "./public-files";
import { multipartBody } from "../../src/http/openapi/describe";
import { acceptsGzip } from "../../src/http/accepts-gzip";
import { idParam } from "../../src/shared/schemas/id-param";
import { assertNotMerged } from "../../src/ticket-links/merged";
import { undoSendSchema } from "../../src/shared/schemas/undo";
import { undoHeldSend } from "../../src/conversation/undo-send";

const me = (c: Context<AppEnv>) => c.get("user")!; // requireUser runs on /api/admin/* (routes/index.ts)
const ctxOf = (c: Context<AppEnv>, id: number) => {
  const { deps, actor, now } = writeCtx(c);
  const ifMatch = expectedVersion(c.req.header("if-match"));
  const mail = { ...mailCtxOf(deps, now), hold: undoHold(now) };
  return { db: deps.db, actor, now, user: me(c), id, ifMatch, mail };
};
/** The held e-mails a change queued, for its undo. */
const heldOf = ({ mail: { hold } }: ReturnType<typeof ctxOf>) => {
  const heldMail = heldMailOf(hold);
  return heldMail ? { heldMail } : {};
};
// Below about one packet, gzip saves no round trip.
const GZIP_FROM = 1_400;
// A page longer than the list's own is a costly read that always waits its turn in the lane: its
// cost lies in rows read and sent, which no allowance times. A search is tried at once first (costlyRead).
const isLong = (limit: unknown) => Number(limit) > TICKET_PAGE_SIZE;
const hasSearch = (f: { search?: string }) => Boolean(f.search?.trim());
const longPage = costlyReadWhen((q) => isLong(q.limit));
const inScope = (c: Context<AppEnv>, id: number) => getTicketInScope(c.get("deps").db, me(c), id);
// a merged ticket is read-only: its writes are refused with 409
const writable = (c: Context<AppEnv>, id: number) => {
  const t = inScope(c, id);
  assertNotMerged(c.get("deps").db, t);
  return t;
};

/** Admin tickets: open to staff, every read and write inside their scope. */
export const adminTicketsApi = new Hono<AppEnv>()
  .get("/", longPage, validate("query", ticketFiltersSchema), async (c) => {
    const { reads } = c.get("deps");
    const f = { ...c.req.valid("query"), dueNow: c.get("deps").now() };
    const read = () => reads.list(me(c), f);
    // a long page with a search already waits in the lane (longPage): it is read there as it is
    const page = hasSearch(f) && !isLong(f.limit) ? await costlyRead(c, read) : read();
    // the bytes c.json would send, from each ticket's kept JSON, gzipped for a client that takes it;
    // typed as c.json's answer for the client
    const json = reads.listJson(page);
    const gzip = acceptsGzip(c.req.header("accept-encoding")) && json.plain.length >= GZIP_FROM;
    c.header("Vary", "Accept-Encoding");
    if (gzip) c.header("Content-Encoding", "gzip");
    const body = c.body(gzip ? json.gzipped() : json.plainBody(), 200, {
      "Content-Type": "application/json",
    });
    return body as unknown as ReturnType<typeof c.json<typeof page, 200>>;
  })
  .post("/", validate("json", staffTicketSchema), (c) => {
    const ticket = openStaffTicket({ ...writeCtx(c), user: me(c), input: c.req.valid("json") });
    return c.json(toAdminTicket(ticket), 201);
  })
  .get("/stats", (c) => c.json(c.get("deps").reads.stats(me(c), c.get("deps").now())))
  .get("/breakdown", validate("query", ticketFiltersSchema), async (c) => {
    const f = { ...c.req.valid("query"), dueNow: c.get("deps").now() };
    const read = () => c.get("deps").reads.breakdown(me(c), f);
    return c.json(hasSearch(f) ? await costlyRead(c, read) : read());
  })
  .get("/today", (c) => c.json(c.get("deps").reads.today(me(c), c.get("deps").now())))
  .get("/assignees", (c) => c.json(listAssignees(c.get("deps").db, me(c))))
  .get("/:id", validate("param", idParam), (c) => {
    const ticket = inScope(c, c.req.valid("param").id);
    c.header("ETag", versionTag(ticket.version));
    return c.json(toAdminTicket(ticket));
  })
  .put("/:id", validate("param", idParam), validate("json", ticketEditSchema), async (c) => {
    const ctx = ctxOf(c, c.req.valid("param").id);
    const ticket = await editTicketGrouped(c.get("deps").groupCommit, {
      ...ctx,
      changes: c.req.valid("json"),
    });
    c.get("deps").wakeMailer();
    return c.json({ ...toAdminTicket(ticket), ...heldOf(ctx) });
  })
  .put("/:id/status", validate("param", idParam), validate("json", statusUpdateSchema), (c) => {
    const ctx = ctxOf(c, c.req.valid("param").id);
    const ticket = updateTicketStatus({ ...ctx, ...c.req.valid("json") });
    c.get("deps").wakeMailer();
    return c.json({ ...toAdminTicket(ticket), ...heldOf(ctx) });
  })
  .post("/:id/undo", validate("param", idParam), validate("json", undoSendSchema), (c) => {
    const { mail: _held, ...ctx } = ctxOf(c, c.req.valid("param").id);
    const { ticket } = undoHeldSend({ ...ctx, ifMatch: undefined, ...c.req.valid("json") });
    return c.json({ ...toAdminTicket(ticket), message: "Undone: the e-mail was not sent" });
  })
  .put("/:id/priority", validate("param", idParam), validate("json", priorityUpdateSchema), (c) =>
    c.json(
      toAdminTicket(updateTicketPriority({ ...ctxOf(c, c.req.valid("param").id), ...c.req.valid("json") })),
    ),
  )
  .put("/:id/assign", validate("param", idParam), validate("json", assignSchema), (c) =>
    c.json(toAdminTicket(assignTicket({ ...ctxOf(c, c.req.valid("param").id), ...c.req.valid("json") }))),
  )
  .delete("/:id", validate("param", idParam), validate("json", deleteTicketSchema), async (c) => {
    await deleteTicket({
      ...writeCtx(c),
      user: me(c),
      id: c.req.valid("param").id,
      ifMatch: expectedVersion(c.req.header("if-match")),
      password: c.req.valid("json").password,
    });
    return c.json({ message: "Ticket deleted successfully" });
  })
  .get("/:id/notes", validate("param", idParam), (c) => {
    const ticket = inScope(c, c.req.valid("param").id);
    return c.json(
      listNotes({ db: c.get("deps").db, ticketId: ticket.id, includeInternal: true }).map((n) =>
        toStaffNote(me(c), n),
      ),
    );
  })
  .post("/:id/notes", validate("param", idParam), validate("json", createStaffNoteSchema), (c) => {
    const { id } = c.req.valid("param");
    const ticket = writable(c, id);
    const ctx = ctxOf(c, id);
    const { row, notMentioned } = addStaffNote({
      ...ctx,
      ticket,
      ...c.req.valid("json"),
      author: staffAuthor(me(c)),
    });
    c.get("deps").wakeMailer();
    const extra = { ...(notMentioned.length && { notMentioned }), ...heldOf(ctx) };
    return c.json({ ...toStaffNote(me(c), row), ...extra }, 201);
  })
  .post("/:id/link", validate("param", idParam), validate("json", sendLinkSchema), (c) => {
    const ticket = inScope(c, c.req.valid("param").id);
    const { reset } = c.req.valid("json");
    if (!sendTicketLink({ ...writeCtx(c), ticket, reset }))
      throw badRequest("This ticket has no e-mail address to send a link to");
    return c.json({
      message: reset ? "A new link was sent to the requester" : "The link was sent to the requester",
    });
  })
  .get("/:id/attachments", validate("param", idParam), (c) => {
    const ticket = inScope(c, c.req.valid("param").id);
    return c.json(
      listAttachments({ db: c.get("deps").db, ticketId: ticket.id, includeInternal: true }).map((a) =>
        toStaffAttachment(me(c), a),
      ),
    );
  })
  .post(
    "/:id/attachments",
    validate("param", idParam),
    multipartBody(["file", "files"], ["isInternal"]),
    async (c) => {
      const found = writable(c, c.req.valid("param").id);
      const { ticket, fields, files } = await receiveFiles(c, {
        policy: "staff",
        fileFields: ["file", "files"],
        ticketOf: () => found,
      });
      const { userName, userEmail } = staffAuthor(me(c));
      const rows = await addAttachments({
        ...writeCtx(c),
        ticket,
        files,
        isInternal: String(fields.isInternal) === "true",
        author: { userName, userEmail },
      });
      return c.json(
        rows.map((a) => toStaffAttachment(me(c), a)),
        201,
      );
    },
  );
