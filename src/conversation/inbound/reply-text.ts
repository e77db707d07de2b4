/**
 * The new part of a reply. planer (a port of Mailgun's talon) cuts the quoted history: "On … wrote:" headers,
 * Outlook's "From: … Sent: …" block, `>` quoting; it classifies lines first, so a crafted body stays linear.
 * The signature after the standard "-- " line and a closing "Sent from my …" line are cut here.
 */
import { extractFromPlain } from "planer";

/** planer reads at most this many lines; a longer body with no quote among them is kept whole. */
const PLANER_LINES = 1000;
const SIGNATURE = /^-- ?$/;
const MOBILE_SIGN_OFF =
  /^(Sent from my .{1,60}|Sent from .{1,40} for (iOS|Android)|Get Outlook for .{1,30}|Envoyé de mon .{1,40}|Von meinem .{1,40} gesendet)$/i;

const normalise = (s: string) => s.replace(/\r\n?/g, "\n").replace(/\u00a0/g, " ");

function withoutQuotes(text: string): string {
  const lines = text.split("\n");
  const head = lines.slice(0, PLANER_LINES).join("\n");
  const cut = extractFromPlain(head);
  return lines.length > PLANER_LINES && cut.trim() === head.trim() ? text : cut;
}

function withoutSignature(text: string): string {
  const lines = text.split("\n");
  const sig = lines.findIndex((l, i) => i > 0 && SIGNATURE.test(l));
  const kept = sig > 0 ? lines.slice(0, sig) : lines;
  while (kept.length && !kept.at(-1)?.trim()) kept.pop();
  if (kept.length > 1 && MOBILE_SIGN_OFF.test(kept.at(-1)?.trim() ?? "")) kept.pop();
  return kept.join("\n");
}

/** The visible reply, trimmed; "" when the mail holds nothing but quoted text. */
export function replyText(body: string): string {
  const text = withoutSignature(withoutQuotes(normalise(body)));
  return text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
