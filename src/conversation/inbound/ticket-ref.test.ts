import { expect, test } from "bun:test";
import { parseImapUrl, redactImapUrl } from "./imap-url";
import {
  findTicketRefs,
  messageIdToken,
  parseOurMessageId,
  ticketIdInSubject,
  ticketMessageId,
} from "./ticket-ref";

test("ticket ref – our Message-IDs round-trip", () => {
  const token = messageIdToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const id = ticketMessageId("WI-2026-001", "reply", token, "helpdesk.example");
  expect(id).toBe(`<wi-2026-001.reply.${token}@helpdesk.example>`);
  expect(parseOurMessageId(id)).toEqual({
    ticketId: "WI-2026-001",
    kind: "reply",
    token,
    domain: "helpdesk.example",
  });
  expect(parseOurMessageId(id, "helpdesk.example")?.ticketId).toBe("WI-2026-001");
  expect(parseOurMessageId(ticketMessageId("WI-2026-1000", "status", token, "h.example"))?.ticketId).toBe(
    "WI-2026-1000",
  );
});

test("ticket ref – foreign ids, other domains and malformed ids are not ours", () => {
  expect(parseOurMessageId("<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>", "other.example")).toBeNull();
  expect(parseOurMessageId("<CAF=abc@mail.gmail.com>")).toBeNull();
  expect(parseOurMessageId("<wi-26-001.reply.AAAAbbbbCCCC@helpdesk.example>")).toBeNull();
  expect(parseOurMessageId("<wi-2026-01.reply.AAAAbbbbCCCC@helpdesk.example>")).toBeNull();
  expect(parseOurMessageId("<wi-2026-001.reply.short@helpdesk.example>")).toBeNull();
  expect(() => ticketMessageId("WI-2026-001", "re ply", "AAAAbbbbCCCC", "h.example")).toThrow();
  expect(() => ticketMessageId("WI-2026-001", "reply", "AAAAbbbbCCCC", "h.example>\r\nBcc: x")).toThrow();
});

test("ticket ref – [WI-YYYY-NNN] in a subject", () => {
  expect(ticketIdInSubject("Re: [WI-2026-001] Printer")).toBe("WI-2026-001");
  expect(ticketIdInSubject("AW: [wi-2026-12345] Drucker")).toBe("WI-2026-12345");
  expect(ticketIdInSubject("WI-2026-001 without brackets")).toBeNull();
  expect(ticketIdInSubject("[WI-2026-01] too short")).toBeNull();
});

test("ticket ref – In-Reply-To first, then References from the newest; foreign ids skipped", () => {
  const a = "<wi-2026-001.confirmation.AAAAbbbbCCCC@helpdesk.example>";
  const b = "<wi-2026-001.reply.DDDDeeeeFFFF@helpdesk.example>";
  const refs = findTicketRefs(
    { inReplyTo: b, references: [a, "<CAF=x@mail.gmail.com>", b], subject: "Re: [WI-2026-002] x" },
    "helpdesk.example",
  );
  expect(refs.replyTo.map((r) => r.messageId)).toEqual([b, a]);
  expect(refs.subjectTicketId).toBe("WI-2026-002");
});

test("IMAP_URL – user and password are URL-decoded, the path names the folder", () => {
  expect(parseImapUrl("imaps://helpdesk%40example.com:s%3Acret%2F@mail.example.com/INBOX")).toEqual({
    host: "mail.example.com",
    port: 993,
    secure: true,
    user: "helpdesk@example.com",
    pass: "s:cret/",
    folder: "INBOX",
  });
  expect(parseImapUrl("imap://u:p@127.0.0.1:1143/Support%20Mail")).toMatchObject({
    port: 1143,
    secure: false,
    folder: "Support Mail",
  });
  expect(parseImapUrl("imaps://u:p@mail.example.com").folder).toBe("INBOX");
  expect(() => parseImapUrl("https://u:p@mail.example.com/")).toThrow("imaps://");
  expect(() => parseImapUrl("imaps://mail.example.com/")).toThrow("user");
  expect(redactImapUrl("imaps://u:secret@mail.example.com/INBOX")).not.toContain("secret");
});
