/** Plain text and HTML of one message from the same blocks, so the two never say different things. */
export type Mail = { subject: string; text: string; html: string };
export type Block =
  | { p: string; link?: string | null }
  | { fields: [string, string][] }
  /** Text someone wrote (a reply), kept as its own lines. */
  | { quote: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Header values never carry line breaks (no header injection through a ticket field). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 200);

/**
 * Where a private link goes in a queued message: the mail worker puts a freshly minted link here at send time,
 * so the outbox never stores a usable token. Removed from anything a person typed.
 */
export const LINK_SLOT = "\u2063ticket-link\u2063";
const noSlot = (s: string) => s.replaceAll("\u2063", "");

/** A path on the help desk: absolute under PUBLIC_URL, else null (the text then names the path). */
export const urlOf = (publicUrl: string | undefined, path: string) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, "")}${path}` : null;

const textOf = (b: Block) => {
  if ("fields" in b) return b.fields.map(([k, v]) => `${k}: ${noSlot(v)}`).join("\n");
  if ("quote" in b) return noSlot(b.quote);
  return b.link ? `${b.p}\n${b.link}` : b.p;
};

const htmlOf = (b: Block) => {
  if ("fields" in b)
    return `<table cellpadding="4">${b.fields.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(noSlot(v))}</td></tr>`).join("")}</table>`;
  if ("quote" in b)
    return `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(noSlot(b.quote))}</blockquote>`;
  const link = b.link ? ` <a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a>` : "";
  return `<p>${escapeHtml(b.p)}${link}</p>`;
};

/** One message as plain text and HTML from the same blocks; every value is escaped in the HTML. */
export function compose(subject: string, blocks: Block[]): Mail {
  return {
    subject: oneLine(subject),
    text: `${blocks.map(textOf).join("\n\n")}\n`,
    html: blocks.map(htmlOf).join("\n"),
  };
}
