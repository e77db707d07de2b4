import { afterEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { isReplyToken, plusAddress, plusTokens, replyKey, replyToken } from "./reply-token";
import { isOurMessageId, parseOurMessageId, ticketMessageId } from "./ticket-ref";

let t: TestApp;
afterEach(() => t?.close());

test("reply token – one per ticket, 128 bits, kept as a key in the database, never the ticket number", async () => {
  t = await createTestApp();
  const key = replyKey(t.db, new Date());
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  expect(replyKey(t.db, new Date())).toBe(key);
  const a = { id: 1, ticketId: "WI-2026-001" };
  const token = replyToken(key, a);
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  expect(token).not.toContain("2026");
  expect(replyToken(key, a)).toBe(token);
  expect(replyToken(key, { id: 2, ticketId: "WI-2026-002" })).not.toBe(token);
  expect(isReplyToken(key, a, token)).toBe(true);
  expect(isReplyToken(key, a, token.toUpperCase())).toBe(true);
  expect(isReplyToken(key, { id: 2, ticketId: "WI-2026-002" }, token)).toBe(false);
  expect(isReplyToken(key, a, token.slice(0, 31))).toBe(false);
  // Another install (another key) gives the same ticket another token.
  t.close();
  t = await createTestApp();
  expect(replyToken(replyKey(t.db, new Date()), a)).not.toBe(token);
});

test("reply token – carried in the Message-ID and the plus-address, and read back from both", () => {
  const token = "0123456789abcdef0123456789abcdef";
  const id = ticketMessageId("WI-2026-008", "reply", "AAAAbbbbCCCCdddd", "help.example", token);
  expect(id).toBe(`<wi-2026-008.reply.AAAAbbbbCCCCdddd.${token}@help.example>`);
  expect(parseOurMessageId(id, "help.example")).toMatchObject({ ticketId: "WI-2026-008", replyToken: token });
  expect(isOurMessageId(id, "help.example")).toBe(true); // our own mail come back is still recognised
  expect(parseOurMessageId("<wi-2026-008.reply.AAAAbbbbCCCCdddd@help.example>")?.replyToken).toBeUndefined();
  expect(() => ticketMessageId("WI-2026-008", "reply", "AAAAbbbbCCCC", "h.example", "not-hex")).toThrow();
  const address = plusAddress("desk@help.example", token);
  expect(address).toBe(`desk+${token}@help.example`);
  expect(
    plusTokens(
      [address.toUpperCase(), "other+0123456789abcdef0123456789abcdef@help.example"],
      "desk@help.example",
    ),
  ).toEqual([token]);
  expect(plusTokens(["desk@help.example", `desk+${token}@evil.example`], "desk@help.example")).toEqual([]);
  expect(plusTokens([address], undefined)).toEqual([]);
});
