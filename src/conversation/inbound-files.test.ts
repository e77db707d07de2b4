import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fileAttachments, ticketNotes, tickets } from "../../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { keepMailFiles, type MailFiles } from "./inbound-files";

let t: TestApp;
afterEach(() => t?.close());

test("mail files – the ticket's bytes are checked again in the note's transaction; what no longer fits is dropped", async () => {
  t = await createTestApp({ env: { UPLOAD_BYTES_PER_TICKET: "1000" } });
  const { id } = await submit(t);
  const ticket = t.db.select().from(tickets).where(eq(tickets.id, id)).get()!;
  // A portal upload that landed after the mail's files were written, before its transaction.
  const row = { fileName: "x", originalName: "x.txt", fileSize: 600, mimeType: "text/plain", filePath: "x" };
  t.db
    .insert(fileAttachments)
    .values({ ...row, ticketId: id, isInternal: false, createdAt: new Date() })
    .run();
  const f = (name: string, fileSize: number) => ({
    originalName: name,
    fileName: name,
    fileSize,
    mimeType: "text/plain",
  });
  const files: MailFiles = { stored: [f("a.txt", 300), f("b.txt", 300)], refused: [], dropped: [] };
  const author = { name: "Jane Doe", email: "jane.doe@example.com" };
  const ids = t.db.transaction(() => keepMailFiles(t.deps, { ticket, author, files, now: new Date() }));
  expect(ids).toHaveLength(1);
  expect(files.dropped.map((x) => x.originalName)).toEqual(["b.txt"]);
  const notes = t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).all();
  expect(notes[0]!.note).toContain("b.txt (This ticket has reached its limit for attached files)");
});
