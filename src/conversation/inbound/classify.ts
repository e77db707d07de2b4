/**
 * Which inbound mail a person wrote. Machines answer machines forever unless each side ignores the other's
 * automatic mail, so anything marked automatic, any delivery report and anything we sent ourselves is set aside.
 */
import type { InboundMessage } from "./parse";
import { isOurMessageId } from "./ticket-ref";

export type Classification = "auto-reply" | "bounce" | "own" | "ok";

type Classifiable = Pick<InboundMessage, "messageId" | "from" | "headers">;

const SYSTEM_SENDERS = new Set(["mailer-daemon", "postmaster"]);
const AUTO_PRECEDENCE = new Set(["bulk", "list", "junk", "auto_reply"]);

const token = (v: string | null) => (v ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";

export function classify(msg: Classifiable, opts: { ourMessageIdDomain: string }): Classification {
  const h = msg.headers;
  if (isOurMessageId(msg.messageId, opts.ourMessageIdDomain)) return "own";
  const local = (msg.from?.address ?? "").split("@", 1)[0]?.toLowerCase() ?? "";
  if (h.contentType === "multipart/report" || SYSTEM_SENDERS.has(local)) return "bounce";
  if (h.autoSubmitted !== null && token(h.autoSubmitted) !== "no") return "auto-reply";
  if (AUTO_PRECEDENCE.has(token(h.precedence))) return "auto-reply";
  if (h.xAutoreply !== null || h.xAutorespond !== null) return "auto-reply";
  // A null envelope sender is reserved for delivery reports and automatic answers; people never send with one.
  if (h.returnPath !== null && /^<\s*>$/.test(h.returnPath.trim())) return "auto-reply";
  return "ok";
}
