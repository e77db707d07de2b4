/**
 * A raw RFC 822 message as the help desk needs it. HTML is never kept: an HTML-only mail is converted to plain
 * text by mailparser (html-to-text, which drops <script> and <style>), and the HTML itself is discarded.
 */
import type { AddressObject, HeaderValue, ParsedMail } from "mailparser";
import { replyText } from "./reply-text";

type InboundAttachment = {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  /** Shown inside the body (an image in a signature, say) rather than attached by the sender. */
  inline: boolean;
};

/** Header values the classifier reads, lower-cased names, first value of each, one line. */
type ClassifyHeaders = {
  autoSubmitted: string | null;
  precedence: string | null;
  xAutoreply: string | null;
  xAutorespond: string | null;
  xAutoResponseSuppress: string | null;
  listId: string | null;
  returnPath: string | null;
  contentType: string;
};

export type InboundMessage = {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: { name: string; address: string } | null;
  date: Date | null;
  /** The new reply only: quoted history and signature removed. */
  text: string;
  /** The whole plain-text body, for when the reply parser leaves nothing. */
  fullText: string;
  attachments: InboundAttachment[];
  headers: ClassifyHeaders;
  /** The topmost Authentication-Results (added by our receiving server), unfolded. */
  authResults: string | null;
  /** To, Cc, Delivered-To and X-Original-To addresses, lower-cased: where a plus-address token shows. */
  recipients: string[];
};

const ID = /<[^<>\s]+>/g;

/** Message-IDs in a header value, angle brackets kept; bare values get brackets. */
function ids(value: string | string[] | undefined): string[] {
  const all = ([] as string[]).concat(value ?? []).join(" ");
  const found = all.match(ID);
  if (found) return found;
  return all.trim() && !/\s/.test(all.trim()) ? [`<${all.trim()}>`] : [];
}

function headerText(v: HeaderValue | undefined): string | null {
  if (v == null) return null;
  if (typeof v === "string") return v.replace(/[\r\n]+/g, " ").trim();
  if (Array.isArray(v)) return headerText(v[0] as HeaderValue);
  if (v instanceof Date) return v.toISOString();
  if ("value" in v && typeof v.value === "string") return v.value.trim();
  if ("text" in v && typeof v.text === "string") return v.text.trim();
  return null;
}

function firstAddress(from: AddressObject | AddressObject[] | undefined) {
  const first = ([] as AddressObject[]).concat(from ?? [])[0]?.value.find((a) => a.address);
  return first
    ? { name: (first.name ?? "").trim(), address: (first.address ?? "").trim().toLowerCase() }
    : null;
}

/** Every value of a header, in order from the top, unfolded. */
const rawAll = (p: ParsedMail, name: string) =>
  p.headerLines
    .filter((l) => l.key === name)
    .map((l) =>
      l.line
        .slice(l.line.indexOf(":") + 1)
        .replace(/\s+/g, " ")
        .trim(),
    );

function recipientsOf(p: ParsedMail): string[] {
  const listed = [p.to, p.cc].flatMap((a) => ([] as AddressObject[]).concat(a ?? []));
  const named = listed.flatMap((a) => a.value.map((v) => v.address ?? ""));
  const delivered = ["delivered-to", "x-original-to"].flatMap((h) => rawAll(p, h));
  return [...named, ...delivered.map((v) => v.replace(/^<|>$/g, ""))]
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 50);
}

function headersOf(p: ParsedMail): ClassifyHeaders {
  const h = (name: string) => headerText(p.headers.get(name));
  const raw = (name: string) => {
    const line = p.headerLines.find((l) => l.key === name)?.line;
    return line === undefined
      ? null
      : line
          .slice(line.indexOf(":") + 1)
          .replace(/\s+/g, " ")
          .trim();
  };
  const ct = p.headers.get("content-type");
  return {
    autoSubmitted: h("auto-submitted"),
    precedence: h("precedence"),
    xAutoreply: h("x-autoreply"),
    xAutorespond: h("x-autorespond"),
    xAutoResponseSuppress: h("x-auto-response-suppress"),
    listId: h("list-id"),
    // Raw, since the parsed address form loses the difference between `<>` and a broken value.
    returnPath: raw("return-path"),
    contentType: (ct && typeof ct === "object" && "value" in ct
      ? String(ct.value)
      : "text/plain"
    ).toLowerCase(),
  };
}

export async function parseMessage(raw: Buffer | string): Promise<InboundMessage> {
  // mailparser loads with the first message read, like the IMAP client.
  const { simpleParser } = await import("mailparser");
  const p = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const fullText = (p.text ?? "").replace(/\r\n?/g, "\n").trim();
  return {
    messageId: ids(p.messageId)[0] ?? null,
    inReplyTo: ids(p.inReplyTo)[0] ?? null,
    references: ids(p.references),
    subject: (p.subject ?? "").replace(/[\r\n]+/g, " ").trim(),
    from: firstAddress(p.from),
    date: p.date && !Number.isNaN(p.date.getTime()) ? p.date : null,
    text: replyText(fullText),
    fullText,
    attachments: p.attachments.map((a) => ({
      filename: a.filename ?? "attachment",
      contentType: a.contentType,
      size: a.content.length,
      content: a.content,
      inline: a.contentDisposition === "inline" || !!a.related,
    })),
    headers: headersOf(p),
    authResults: rawAll(p, "authentication-results")[0] ?? null,
    recipients: recipientsOf(p),
  };
}
