import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Dovecot, startDovecot } from "../../testing/dovecot";
import { classify } from "./classify";
import { reply } from "./mail.fixtures";
import { pollOnce } from "./mailbox";
import { findTicketRefs, messageIdToken, ticketMessageId } from "./ticket-ref";

const U = { user: "bulk@example.com", password: "bulk-pw" };
let dovecot: Dovecot;
beforeAll(async () => {
  dovecot = await startDovecot({ users: [U] });
});
afterAll(() => dovecot?.stop());

test("throughput – 1,000 waiting replies are read, parsed, classified and filed at 50 messages/s or more", async () => {
  const thread = ticketMessageId("WI-2026-001", "reply", messageIdToken(), "helpdesk.example");
  const raws = Array.from({ length: 1000 }, (_, i) =>
    reply({
      messageId: `<bulk-${i}@mail.example.com>`,
      inReplyTo: thread,
      from: `Person ${i} <p${i}@example.com>`,
    }),
  );
  await dovecot.append(U.user, raws);
  let matched = 0;
  const started = performance.now();
  const report = await pollOnce({
    url: dovecot.imapUrl(U.user),
    maxBytes: 10_000_000,
    handle: async (item) => {
      if (item.kind !== "message") return "retry";
      if (classify(item.message, { ourMessageIdDomain: "helpdesk.example" }) !== "ok") return "ignored";
      if (findTicketRefs(item.message, "helpdesk.example").replyTo[0]?.ticketId === "WI-2026-001") matched++;
      return "stored";
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = 1000 / seconds;
  console.log(`inbound read: 1000 messages in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} messages/s`);
  expect(report).toMatchObject({ delivered: 1000, stored: 1000, errors: [] });
  expect(matched).toBe(1000);
  expect(rate).toBeGreaterThanOrEqual(50);
}, 120_000);
