/**
 * `npm run bench -- --only inbound [--replies 1000]`: the real server starts with replies waiting in a real
 * Dovecot mailbox and is timed until every reply is a note, while the portal is loaded; the same load on the
 * same fresh start with nothing to read is the reference for the portal's p99.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { startDovecot } from "../src/testing/dovecot";
import { measure } from "./load";
import { startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  options: { replies: { type: "string", default: "1000" }, only: { type: "string" } },
  strict: false,
});
const count = Number(opt.replies);
const MAILBOX = { user: "helpdesk@example.com", password: "bench-pw" };
const env = {
  RATE_LIMIT_PUBLIC_WRITES: "1000000",
  RATE_LIMIT_PUBLIC_SEARCH: "1000000",
  MAIL_FROM: "Help Desk <helpdesk@example.com>",
  INBOUND_PER_SENDER_PER_HOUR: "1000",
};

const dataDir = mkdtempSync(join(tmpdir(), "helpdesk-inbound-"));
const imap = await startDovecot({ users: [MAILBOX] });
try {
  console.log(`making ${count} tickets …`);
  const first = await startServerAt(dataDir, { env });
  const origin = { "Content-Type": "application/json", Origin: first.url };
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) =>
        fetch(`${first.url}/api/tickets`, {
          method: "POST",
          headers: origin,
          body: JSON.stringify({
            firstName: "Req",
            lastName: `User${i + k}`,
            email: `req${i + k}@example.org`,
            phone: "555-123-4567",
            companyId: 1,
            companyName: "Main Office",
            department: "IT",
            ticketType: "IT",
            priority: "medium",
            description: "Bench ticket waiting for a reply by e-mail.",
          }),
        }),
      ),
    );
  await first.stop();

  const { sqlite: db } = openDatabase(join(dataDir, "helpdesk.sqlite"), { readonly: true });
  const threads = db
    .query<{ email: string; mid: string }, []>(
      "select t.email as email, o.message_id as mid from mail_outbox o join tickets t on t.id = o.ticket_id where o.kind = 'submitter_confirmation'",
    )
    .all();
  const raw = threads.map((t, i) =>
    [
      `From: Requester ${i} <${t.email}>`,
      `To: ${MAILBOX.user}`,
      `Subject: Re: your ticket`,
      `Message-ID: <bench-${i}-${crypto.randomUUID()}@mail.example.net>`,
      `In-Reply-To: ${t.mid}`,
      `References: ${t.mid}`,
      `Date: ${new Date().toUTCString()}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `Thanks, reply number ${i}.`,
      "",
      "On Mon, 23 Nov 2026 at 10:00, Help Desk wrote:",
      "> We received your ticket.",
      "",
    ].join("\r\n"),
  );
  for (let i = 0; i < raw.length; i += 100) await imap.append(MAILBOX.user, raw.slice(i, i + 100));
  console.log(`${raw.length} replies waiting in the mailbox; starting the server with IMAP_URL`);

  // The reference: the same fresh start and the same portal load, with nothing to read.
  const portal = { name: "GET / right after start", path: "/" };
  const plain = await startServerAt(dataDir, { env });
  const reference = await measure(plain.url, portal, 16, 3, plain.rssMb);
  await plain.stop();

  const notes = () =>
    db.query<{ n: number }, []>("select count(*) as n from ticket_notes where source = 'email'").get()!.n;
  const started = performance.now();
  const server = await startServerAt(dataDir, { env: { ...env, IMAP_URL: imap.imapUrl(MAILBOX.user) } });
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 50);
  const during = measure(server.url, portal, 16, 3, server.rssMb);
  while (notes() < raw.length && performance.now() - started < 300_000) await Bun.sleep(50);
  const seconds = (performance.now() - started) / 1000;
  const busy = await during;
  clearInterval(sampler);
  const idle = await measure(server.url, { ...portal, name: "GET / after" }, 16, 3, server.rssMb);
  const stored = notes();
  console.log(
    [
      `inbound: ${stored} of ${raw.length} replies stored in ${seconds.toFixed(1)} s from the server's start = ${(stored / seconds).toFixed(0)} messages/s (target ≥ 50: ${stored / seconds >= 50 && stored === raw.length ? "met" : "missed"})`,
      `server RSS: peak ${peakRss.toFixed(0)} MB while reading, ${server.rssMb().toFixed(0)} MB after`,
      `portal GET / p99 in the first 3 s after a start: ${busy.p99.toFixed(1)} ms while reading (${busy.reqPerSec.toFixed(0)} req/s), ${reference.p99.toFixed(1)} ms with nothing to read (${reference.reqPerSec.toFixed(0)} req/s); warm, after reading: ${idle.p99.toFixed(1)} ms`,
    ].join("\n"),
  );
  db.close();
  await server.stop();
} finally {
  await imap.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
