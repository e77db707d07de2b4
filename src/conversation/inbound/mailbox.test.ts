import { afterAll, beforeAll, expect, test } from "bun:test";
import { createServer, connect as tcp } from "node:net";
import { type Dovecot, startDovecot } from "../../testing/dovecot";
import { CLAIM_KEYWORD, ClaimTracker } from "./claims";
import { classify } from "./classify";
import {
  bounce,
  htmlOnlyWithScript,
  outOfOffice,
  PDF_BYTES,
  PNG_BYTES,
  reply,
  withAttachments,
} from "./mail.fixtures";
import { type InboundItem, pollOnce } from "./mailbox";

// Each test reads its own user's mailbox on one real Dovecot.
const USERS = Array.from({ length: 10 }, (_, i) => ({ user: `desk${i}@example.com`, password: `pw ${i}/%` }));
let dovecot: Dovecot;
beforeAll(async () => {
  dovecot = await startDovecot({ users: USERS });
});
afterAll(() => dovecot?.stop());

const user = (i: number) => USERS[i]?.user ?? "";
const idOf = (item: InboundItem) => (item.kind === "unreadable" ? `uid ${item.uid}` : item.message.messageId);

async function folderState(u: string, folder: string) {
  const c = await dovecot.connect(u);
  try {
    const lock = await c.getMailboxLock(folder);
    try {
      const out: { id: string; flags: string[] }[] = [];
      for await (const m of c.fetch("1:*", { envelope: true, flags: true }))
        out.push({ id: m.envelope?.messageId ?? "", flags: [...(m.flags ?? [])] });
      return out;
    } finally {
      lock.release();
    }
  } catch {
    return [];
  } finally {
    await c.logout();
  }
}

test("poll – each waiting message is handed over once, in order, and only then marked seen and moved", async () => {
  const u = user(0);
  const ids = [1, 2, 3, 4, 5].map((i) => `<order-${i}@mail.example.com>`);
  await dovecot.append(
    u,
    ids.map((messageId) => reply({ messageId })),
  );
  const got: string[] = [];
  const report = await pollOnce({
    url: dovecot.imapUrl(u),
    maxBytes: 1_000_000,
    handle: async (item) => {
      got.push(idOf(item) ?? "");
      // While the caller works, the message is still unread in the inbox (taken only by our claim).
      const inbox = await folderState(u, "INBOX");
      const here = inbox.find((m) => m.id === idOf(item));
      expect(here?.flags).toContain(CLAIM_KEYWORD);
      expect(here?.flags).not.toContain("\\Seen");
      return "stored";
    },
  });
  expect(got).toEqual(ids);
  expect(report).toMatchObject({ waiting: 5, delivered: 5, stored: 5, busy: 0, errors: [] });
  expect(await folderState(u, "INBOX")).toEqual([]);
  const processed = await folderState(u, "Processed");
  expect(processed.map((m) => m.id)).toEqual(ids);
  expect(processed.every((m) => m.flags.includes("\\Seen"))).toBe(true);
  const again = await pollOnce({
    url: dovecot.imapUrl(u),
    maxBytes: 1_000_000,
    handle: async () => "stored",
  });
  expect(again.delivered).toBe(0);
}, 30_000);

test("poll – 'retry' and a throwing handler leave the message unread, and the next poll brings it again", async () => {
  const u = user(1);
  await dovecot.append(
    u,
    ["retry", "throw", "store"].map((k) => reply({ messageId: `<${k}@mail.example.com>` })),
  );
  const first = await pollOnce({
    url: dovecot.imapUrl(u),
    maxBytes: 1_000_000,
    handle: async (item) => {
      if (idOf(item) === "<throw@mail.example.com>") throw new Error("database is locked");
      return idOf(item) === "<retry@mail.example.com>" ? "retry" : "stored";
    },
  });
  expect(first).toMatchObject({ delivered: 3, stored: 1, retried: 2 });
  expect(first.errors[0]).toContain("database is locked");
  const inbox = await folderState(u, "INBOX");
  expect(inbox.map((m) => m.id).sort()).toEqual(["<retry@mail.example.com>", "<throw@mail.example.com>"]);
  expect(inbox.every((m) => !m.flags.includes("\\Seen") && !m.flags.includes(CLAIM_KEYWORD))).toBe(true);
  const seen: string[] = [];
  await pollOnce({
    url: dovecot.imapUrl(u),
    maxBytes: 1_000_000,
    handle: async (item) => {
      seen.push(idOf(item) ?? "");
      return "stored";
    },
  });
  expect(seen).toEqual(["<retry@mail.example.com>", "<throw@mail.example.com>"]);
  expect(await folderState(u, "INBOX")).toEqual([]);
}, 30_000);

test("poll – two pollers at once lose no message and hand none over twice", async () => {
  const u = user(2);
  const delivered: string[] = [];
  const poller = () =>
    pollOnce({
      url: dovecot.imapUrl(u),
      maxBytes: 1_000_000,
      batchSize: 10,
      handle: async (item) => {
        delivered.push(idOf(item) ?? "");
        await Bun.sleep(1);
        return "stored";
      },
    });
  // Several rounds, so the two pollers meet on the same batch more than once.
  for (let round = 0; round < 3; round++) {
    await dovecot.append(
      u,
      Array.from({ length: 50 }, (_, i) => reply({ messageId: `<race-${round}-${i}@x.example>` })),
    );
    const [a, b] = await Promise.all([poller(), poller()]);
    expect(a.delivered + b.delivered).toBe(50);
    expect(a.errors.concat(b.errors)).toEqual([]);
  }
  expect(delivered.length).toBe(150);
  expect(new Set(delivered).size).toBe(150);
  expect(await folderState(u, "INBOX")).toEqual([]);
  expect((await folderState(u, "Processed")).length).toBe(150);
}, 60_000);

test("poll – a poller killed mid-message leaves a claim that is released after the lease, then delivered", async () => {
  const u = user(3);
  await dovecot.append(u, reply({ messageId: "<orphan@mail.example.com>" }));
  const script = `
    import { pollOnce } from ${JSON.stringify(`${import.meta.dir}/mailbox.ts`)};
    await pollOnce({ url: process.env.URL, maxBytes: 1e6, handle: async () => { console.log("handling"); await new Promise(() => {}); } });`;
  const child = Bun.spawn([process.execPath, "-e", script], {
    env: { ...process.env, URL: dovecot.imapUrl(u) },
    stdout: "pipe",
  });
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toContain("handling");
  child.kill(9);
  await child.exited;
  const claims = new ClaimTracker(300);
  const got: string[] = [];
  const handle = async (item: InboundItem) => {
    got.push(idOf(item) ?? "");
    return "stored" as const;
  };
  const first = await pollOnce({ url: dovecot.imapUrl(u), maxBytes: 1e6, handle, claims });
  expect(first).toMatchObject({ waiting: 1, delivered: 0, busy: 1 });
  await Bun.sleep(350);
  const second = await pollOnce({ url: dovecot.imapUrl(u), maxBytes: 1e6, handle, claims });
  expect(second).toMatchObject({ delivered: 1, stored: 1, busy: 0 });
  expect(got).toEqual(["<orphan@mail.example.com>"]);
}, 30_000);

/** A loopback TCP relay to Dovecot that counts the bytes the server sends. */
async function countingRelay(port: number) {
  let fromServer = 0;
  const server = createServer((client) => {
    const upstream = tcp({ host: "127.0.0.1", port });
    upstream.on("data", (d) => (fromServer += d.length));
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const relayPort = (server.address() as { port: number }).port;
  return { port: relayPort, bytes: () => fromServer, close: () => server.close() };
}

test("poll – a message over the size limit is refused from its headers; its body is never downloaded", async () => {
  const u = user(4);
  const huge = reply({ messageId: "<huge@mail.example.com>", body: `${"x".repeat(998)}\n`.repeat(3000) });
  await dovecot.append(u, huge);
  const relay = await countingRelay(dovecot.port);
  const items: InboundItem[] = [];
  try {
    const url = dovecot.imapUrl(u).replace(`:${dovecot.port}/`, `:${relay.port}/`);
    const report = await pollOnce({
      url,
      maxBytes: 1_000_000,
      handle: async (i) => {
        items.push(i);
        return "refused";
      },
    });
    expect(report).toMatchObject({ delivered: 1, refused: 1 });
    expect(relay.bytes()).toBeLessThan(50_000);
  } finally {
    relay.close();
  }
  const item = items[0];
  expect(item?.kind).toBe("oversized");
  if (item?.kind !== "oversized") return;
  expect(item.size).toBeGreaterThan(3_000_000);
  expect(item.message).toMatchObject({
    messageId: "<huge@mail.example.com>",
    subject: "Re: [WI-2026-001] Printer",
  });
  expect(item.message.from?.address).toBe("jo@example.com");
  expect(item.message.text).toBe("");
  expect((await folderState(u, "Processed")).map((m) => m.id)).toEqual(["<huge@mail.example.com>"]);
}, 30_000);

test("poll – HTML-only mail arrives as inert text, attachments with their exact bytes", async () => {
  const u = user(5);
  await dovecot.append(u, [htmlOnlyWithScript, withAttachments()]);
  const items: InboundItem[] = [];
  const handle = async (i: InboundItem) => {
    items.push(i);
    return "stored" as const;
  };
  await pollOnce({ url: dovecot.imapUrl(u), maxBytes: 1e6, handle });
  const [html, files] = items.map((i) => (i.kind === "message" ? i.message : null));
  expect(html?.text).toContain("It prints again, thanks!");
  expect(html?.text).not.toContain("document.location");
  expect(html?.text).not.toMatch(/<(p|img|html)[\s>]/i);
  expect(files?.attachments.map((a) => a.filename)).toEqual(["report.pdf", "photo.png"]);
  expect(files?.attachments[0]?.content.equals(PDF_BYTES)).toBe(true);
  expect(files?.attachments[1]?.content.equals(PNG_BYTES)).toBe(true);
}, 30_000);

test("poll – an out-of-office answer and a bounce are recognised; 'leave' keeps a message for a person", async () => {
  const u = user(6);
  await dovecot.append(u, [outOfOffice, bounce, reply({ messageId: "<stranger@mail.example.com>" })]);
  const kinds: string[] = [];
  const report = await pollOnce({
    url: dovecot.imapUrl(u),
    maxBytes: 1e6,
    handle: async (item) => {
      if (item.kind !== "message") return "retry";
      const kind = classify(item.message, { ourMessageIdDomain: "helpdesk.example" });
      kinds.push(kind);
      return kind === "ok" ? "leave" : "ignored";
    },
  });
  expect(kinds).toEqual(["auto-reply", "bounce", "ok"]);
  expect(report).toMatchObject({ ignored: 2, left: 1 });
  const inbox = await folderState(u, "INBOX");
  expect(inbox.map((m) => m.id)).toEqual(["<stranger@mail.example.com>"]);
  expect(inbox[0]?.flags).not.toContain("\\Seen");
  const again = await pollOnce({ url: dovecot.imapUrl(u), maxBytes: 1e6, handle: async () => "stored" });
  expect(again.delivered).toBe(0);
}, 30_000);
