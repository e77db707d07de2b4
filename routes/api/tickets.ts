import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { writeCtx } from "../../src/http/write-ctx";
import { limitByIp } from "../../src/http/security";
import { createTicketSchema } from "../../src/shared/schemas/ticket";
import { searchTicketsSchema } from "../../src/shared/schemas/search";
import { createPublicNoteSchema } from "../../src/shared/schemas/note";
import { submitTicketGrouped } from "../../src/tickets/tickets.service";
import { requestLanguage } from "../../src/http/language";
import { getPublicTicket, searchPublicTickets } from "../../src/tickets/tickets.public-queries";
import { toPublicAttachment, toPublicNote, toPublicTicket } from "../../src/tickets/tickets.dto";
import { addNote } from "../../src/notes/notes.service";
import { listNotes } from "../../src/notes/notes.queries";
import { listAttachments } from "../../src/attachments/attachments.service";
import { receiveFiles, ticketNamed } from "./public-files";
import { addVisitorFiles } from "../../src/attachments/uploader";
import { multipartBody } from "../../src/http/openapi/describe";
import { idParam } from "../../src/shared/schemas/id-param";
import { openTrackingOnly } from "./open-tracking";
import { trackingMode } from "../../src/settings/public-tracking";
import { mailLinkByNumber, verifiedSearch } from "../../src/conversation/tracking.service";
import { mintTicketLink } from "../../src/conversation/links";
import { generateSessionToken } from "../../src/auth/sessions";
import { z } from "zod";

const writes = limitByIp((c) => c.get("deps").limiters.publicWrites);
const searches = limitByIp((c) => c.get("deps").limiters.publicSearch);
// Notes and files are read by walking ticket numbers just as well as by searching: limited the same way.
const reads = limitByIp((c) => c.get("deps").limiters.publicReads);
const byNumber = openTrackingOnly();
// Any string: an id that matches nothing gets the same answer as one that does.
const sendLinkSchema = z.object({ ticketId: z.string().max(40) });

/** Public ticket routes. Nothing internal leaves here: SQL filters plus the public DTOs. */
export const ticketsApi = new Hono<AppEnv>()
  .post("/", writes, validate("json", createTicketSchema), async (c) => {
    const ctx = writeCtx(c);
    // The submitter's browser gets its private link; a honeypot answer gets one that opens nothing.
    let token = generateSessionToken();
    const andThen = (row: { id: number }) => {
      token = mintTicketLink(ctx.deps.db, row.id, ctx.now);
    };
    const ticket = await submitTicketGrouped({
      ...ctx,
      input: c.req.valid("json"),
      andThen,
      fieldsFor: "public",
      language: requestLanguage(c),
    });
    return c.json({ id: ticket.id, ticketId: ticket.ticketId, privateLink: `/t/${token}` }, 201);
  })
  .post(
    "/upload",
    writes,
    byNumber,
    multipartBody(["files", "file"], ["ticketId", "userName", "userEmail"], ["ticketId"]),
    async (c) => {
      // The ticket comes from ?ticketId= or a ticketId field, before or after the files.
      const { ticket, fields, files } = await receiveFiles(c, {
        policy: "public",
        fileFields: ["files", "file"],
        ticketOf: ticketNamed(c, (id) => getPublicTicket(c.get("deps").db, id)),
      });
      const rows = await addVisitorFiles({ ...writeCtx(c), ticket, files, fields });
      return c.json({ attachments: rows.map(toPublicAttachment) }, 201);
    },
  )
  .post("/search", searches, validate("json", searchTicketsSchema), (c) => {
    const deps = c.get("deps");
    if (trackingMode(deps) === "verified")
      return c.json(verifiedSearch(deps, c.req.valid("json"), deps.now(), requestLanguage(c)));
    const tickets = searchPublicTickets(deps.db, c.req.valid("json"));
    return c.json({ tickets: tickets.map(toPublicTicket) });
  })
  .post("/send-link", searches, validate("json", sendLinkSchema), (c) =>
    c.json(mailLinkByNumber(c.get("deps"), c.req.valid("json").ticketId, c.get("deps").now())),
  )
  .get("/:id/notes", reads, byNumber, validate("param", idParam), (c) => {
    const ticket = getPublicTicket(c.get("deps").db, c.req.valid("param").id);
    return c.json(
      listNotes({ db: c.get("deps").db, ticketId: ticket.id, includeInternal: false }).map(toPublicNote),
    );
  })
  .post(
    "/:id/notes",
    writes,
    byNumber,
    validate("param", idParam),
    validate("json", createPublicNoteSchema),
    async (c) => {
      const deps = c.get("deps");
      const ticket = getPublicTicket(deps.db, c.req.valid("param").id);
      const { note, userName, userEmail } = c.req.valid("json");
      const { actor, now } = writeCtx(c);
      const row = await deps.groupCommit.run((tx) =>
        addNote({
          db: tx,
          actor,
          ticket,
          note,
          userName,
          userEmail,
          userId: null,
          isInternal: false,
          now,
        }),
      );
      return c.json(toPublicNote(row), 201);
    },
  )
  .get("/:id/attachments", reads, byNumber, validate("param", idParam), (c) => {
    const ticket = getPublicTicket(c.get("deps").db, c.req.valid("param").id);
    return c.json(
      listAttachments({ db: c.get("deps").db, ticketId: ticket.id, includeInternal: false }).map(
        toPublicAttachment,
      ),
    );
  })
  .post(
    "/:id/attachments",
    writes,
    byNumber,
    validate("param", idParam),
    multipartBody(["file"], ["userName", "userEmail"]),
    async (c) => {
      const found = getPublicTicket(c.get("deps").db, c.req.valid("param").id);
      const { ticket, fields, files } = await receiveFiles(c, {
        policy: "public",
        fileFields: ["file"],
        ticketOf: () => found,
      });
      const [row] = await addVisitorFiles({ ...writeCtx(c), ticket, files, fields });
      return c.json(toPublicAttachment(row!), 201);
    },
  );
