import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, ticketNotes } from "../../db/schema";
import { type Dovecot, startDovecot } from "../testing/dovecot";
import { createTestApp, type TestApp } from "../testing/test-app";
import { submit } from "../tickets/tickets.fixtures";
import { ClaimTracker } from "./inbound/claims";
import { pollOnce } from "./inbound/mailbox";
import { inboundHandler } from "./inbound-job";

// A reader killed (kill -9) after the reply's transaction committed but before the message was flagged:
// the message is still unread in the mailbox, and reading it again must not add a second note.
const MAILBOX = { user: "desk@example.com", password: "pw" };
let imap: Dovecot;
let t: TestApp;
beforeAll(async () => {
  imap = await startDovecot({ users: [MAILBOX] });
  t = await createTestApp({
    env: { IMAP_URL: imap.imapUrl(MAILBOX.user), MAIL_FROM: "Desk <desk@example.com>" },
  });
}, 30_000);
afterAll(async () => {
  t?.close();
  await imap?.stop();
});

test("inbound – killed between the note's commit and the flag, the reply is read again and not doubled", async () => {
  const { id } = await submit(t);
  const ours = t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, id)).get()!.messageId!;
  await imap.append(
    MAILBOX.user,
    `From: Jane Doe <jane.doe@example.com>\r\nTo: desk@example.com\r\nSubject: Re: your ticket\r\nMessage-ID: <crash-1@mail.example.net>\r\nIn-Reply-To: ${ours}\r\n\r\nStill broken.\r\n`,
  );
  // A second process with the same database: it stores the reply, then dies before returning to the mailbox.
  const script = `
    import { openDatabase } from ${JSON.stringify(`${import.meta.dir}/../../db/client.ts`)};
    import { loadConfig } from ${JSON.stringify(`${import.meta.dir}/../config.ts`)};
    import { createDeps } from ${JSON.stringify(`${import.meta.dir}/../deps.ts`)};
    import { pollOnce } from ${JSON.stringify(`${import.meta.dir}/inbound/mailbox.ts`)};
    import { inboundHandler } from ${JSON.stringify(`${import.meta.dir}/inbound-job.ts`)};
    const config = loadConfig({ DATA_DIR: process.env.DIR, IMAP_URL: process.env.URL, MAIL_FROM: "Desk <desk@example.com>" });
    const { db, sqlite } = openDatabase(config.dbPath);
    const handle = inboundHandler(createDeps({ config, db, sqlite, assetVersion: "test" }));
    await pollOnce({ url: process.env.URL, maxBytes: 1e6, handle: async (item) => {
      const result = await handle(item);
      console.log("committed " + result);
      process.kill(process.pid, "SIGKILL");
      return result;
    } });`;
  const child = Bun.spawn([process.execPath, "-e", script], {
    env: { ...process.env, DIR: t.dir, URL: imap.imapUrl(MAILBOX.user) },
    stdout: "pipe",
  });
  const out = await new Response(child.stdout).text();
  expect(await child.exited).not.toBe(0);
  expect(out).toContain("committed stored");
  const emailNotes = () =>
    t.db
      .select()
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, id))
      .all()
      .filter((n) => n.source === "email");
  expect(emailNotes()).toHaveLength(1);

  // The next reader finds it claimed by the dead one, waits out the claim, reads it again: one note still.
  const claims = new ClaimTracker(300);
  const handle = inboundHandler(t.deps);
  const first = await pollOnce({ url: imap.imapUrl(MAILBOX.user), maxBytes: 1e6, handle, claims });
  expect(first).toMatchObject({ waiting: 1, busy: 1 });
  await Bun.sleep(350);
  const second = await pollOnce({ url: imap.imapUrl(MAILBOX.user), maxBytes: 1e6, handle, claims });
  expect(second).toMatchObject({ delivered: 1, ignored: 1, stored: 0 });
  expect(emailNotes()).toHaveLength(1);
  const third = await pollOnce({ url: imap.imapUrl(MAILBOX.user), maxBytes: 1e6, handle, claims });
  expect(third).toMatchObject({ waiting: 0 });
}, 60_000);
