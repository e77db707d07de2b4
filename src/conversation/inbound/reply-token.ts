/**
 * The ticket's reply token: an HMAC of the ticket under a random key kept in the database, so it is unguessable,
 * verifiable without storing it, and never the ticket number. It rides in the Message-IDs of the requester's
 * mail (and so in a reply's In-Reply-To/References) and, where the mailbox supports it, in `desk+<token>@…`.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "../../../db/client";
import { appSettings } from "../../../db/schema";
import { storedSetting } from "../../settings/stored-setting";

const KEY = "mail.replyKey";
const readKey = storedSetting(KEY, (value) => value);

type TicketIds = { id: number; ticketId: string };

/** The key, made on first use; INSERT OR IGNORE lets two writers race to one value. */
export function replyKey(db: DbOrTx, now: Date): string {
  const found = readKey(db);
  if (found) return found;
  db.insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString("hex"), updatedAt: now })
    .onConflictDoNothing()
    .run();
  return readKey(db)!;
}

/** 128 bits in lower-case hex: survives mail systems that fold the case of an address. */
export const replyToken = (key: string, t: TicketIds) =>
  createHmac("sha256", key).update(`reply:${t.id}:${t.ticketId}`).digest("hex").slice(0, 32);

export function isReplyToken(key: string, t: TicketIds, token: string): boolean {
  const want = Buffer.from(replyToken(key, t));
  const got = Buffer.from(token.toLowerCase());
  return got.length === want.length && timingSafeEqual(got, want);
}

/** `desk@example.com` with a token → `desk+<token>@example.com`. */
export function plusAddress(mailbox: string, token: string): string {
  const at = mailbox.lastIndexOf("@");
  return `${mailbox.slice(0, at)}+${token}${mailbox.slice(at)}`;
}

/** Tokens of the recipients written to our mailbox as `desk+<token>@…`. */
export function plusTokens(recipients: string[], mailbox: string | undefined): string[] {
  if (!mailbox) return [];
  const at = mailbox.lastIndexOf("@");
  const [local, domain] = [mailbox.slice(0, at).toLowerCase(), mailbox.slice(at + 1).toLowerCase()];
  const out: string[] = [];
  for (const r of recipients) {
    const m = /^([^\s@+]+)\+([0-9a-f]{32})@([^\s@]+)$/i.exec(r.trim());
    if (m && m[1]!.toLowerCase() === local && m[3]!.toLowerCase() === domain) out.push(m[2]!.toLowerCase());
  }
  return out;
}
