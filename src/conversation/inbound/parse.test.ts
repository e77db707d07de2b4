import { expect, test } from "bun:test";
import { htmlOnlyWithScript, PDF_BYTES, PNG_BYTES, reply, withAttachments } from "./mail.fixtures";
import { parseMessage } from "./parse";

test("parse – ids, sender, subject and the reply without its quote", async () => {
  const m = await parseMessage(
    reply({
      messageId: "<abc@mail.example.com>",
      inReplyTo: "<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>",
      from: '"Lee, Jo" <Jo@Example.com>',
    }),
  );
  expect(m.messageId).toBe("<abc@mail.example.com>");
  expect(m.inReplyTo).toBe("<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>");
  expect(m.references).toEqual(["<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>"]);
  expect(m.from).toEqual({ name: "Lee, Jo", address: "jo@example.com" });
  expect(m.subject).toBe("Re: [WI-2026-001] Printer");
  expect(m.date?.toISOString()).toBe("2026-01-12T10:20:00.000Z");
  expect(m.text).toMatch(/^Reply \d+\.$/);
  expect(m.fullText).toContain("> Hello");
});

test("parse – HTML-only mail becomes inert plain text; no HTML is kept", async () => {
  const m = await parseMessage(htmlOnlyWithScript);
  expect(m.text).toContain("It prints again, thanks!");
  expect(m.text).not.toContain("document.location");
  expect(m.text).not.toContain("alert('head')");
  expect(m.text).not.toContain("onerror");
  expect(m.text).not.toMatch(/<(p|b|img|html)[\s>]/i);
  // What the sender typed as text (&lt;script&gt;) stays text: shown escaped, it runs nowhere.
  expect(m.text).toContain("<script>alert(1)</script>");
  expect(Object.values(m).some((v) => typeof v === "string" && v.includes("<p>"))).toBe(false);
  expect("html" in m).toBe(false);
});

test("parse – attachments keep their names, types and exact bytes", async () => {
  const m = await parseMessage(withAttachments());
  expect(m.text).toBe("Here is the error report and a photo.");
  expect(m.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
    ["report.pdf", "application/pdf", PDF_BYTES.length],
    ["photo.png", "image/png", PNG_BYTES.length],
  ]);
  expect(m.attachments[0]?.content.equals(PDF_BYTES)).toBe(true);
  expect(m.attachments[1]?.content.equals(PNG_BYTES)).toBe(true);
});

test("parse – missing and odd headers give nulls, not errors", async () => {
  const m = await parseMessage("Subject: bare\r\n\r\nhello\r\n");
  expect([m.messageId, m.inReplyTo, m.from, m.date]).toEqual([null, null, null, null]);
  expect(m.references).toEqual([]);
  expect(m.text).toBe("hello");
  expect(m.headers.contentType).toBe("text/plain");
});
