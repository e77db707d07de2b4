import type { Deps } from "../deps";
import type { ImapAccountInput, SmtpAccountInput } from "../shared/schemas/mail-accounts";
import { readMailAccounts, withPassword } from "./mail-accounts";

export type SmtpTarget = {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  ignoreTLS: boolean;
  auth?: { user: string; pass: string };
};

export function smtpTargetOf(a: SmtpAccountInput & { password: string }): SmtpTarget {
  return {
    host: a.host,
    port: a.port,
    secure: a.security === "tls",
    requireTLS: a.security === "starttls",
    ignoreTLS: a.security === "none",
    auth: a.user ? { user: a.user, pass: a.password } : undefined,
  };
}

export const fromOf = (a: Pick<SmtpAccountInput, "fromName" | "fromAddress">) =>
  a.fromName ? `"${a.fromName.replace(/["\\]/g, "")}" <${a.fromAddress}>` : a.fromAddress;

/** `imap(s)://user:password@host:port/folder`, the form the inbound reader takes. */
function imapUrlOf(a: ImapAccountInput & { password: string }): string {
  const cred = `${encodeURIComponent(a.user)}:${encodeURIComponent(a.password)}`;
  return `${a.tls ? "imaps" : "imap"}://${cred}@${a.host}:${a.port}/${encodeURIComponent(a.folder)}`;
}

/** Outgoing mail as it stands now: the environment's SMTP_URL, else the account saved in Settings. */
export function currentSmtp(deps: Deps): { target: string | SmtpTarget; from: string } | null {
  if (deps.config.mail.smtpUrl) return { target: deps.config.mail.smtpUrl, from: deps.config.mail.from };
  const smtp = readMailAccounts(deps.db).smtp;
  if (!smtp) return null;
  const target = smtpTargetOf(withPassword(deps.secrets, smtp, { ...smtp, password: undefined }));
  return { target, from: fromOf(smtp) };
}

/** The Reply-To of outgoing mail: MAIL_REPLY_TO, else the one saved with the SMTP account in Settings. */
export function currentReplyTo(deps: Pick<Deps, "config" | "db">): string | undefined {
  if (deps.config.mail.replyTo || deps.config.mail.smtpUrl) return deps.config.mail.replyTo;
  return readMailAccounts(deps.db).smtp?.replyTo || undefined;
}

/** Incoming mail as it stands now: the environment's IMAP_URL, else the account saved in Settings. */
export function currentInbound(deps: Deps) {
  if (deps.config.inbound) return deps.config.inbound;
  const imap = readMailAccounts(deps.db).imap;
  if (!imap) return undefined;
  const base = {
    perSenderPerHour: 20,
    maxBytes: 25 * 1024 * 1024,
    defaults: { department: "IT", ticketType: "IT" },
  };
  return {
    ...base,
    imapUrl: imapUrlOf(withPassword(deps.secrets, imap, { ...imap, password: undefined })),
    pollSeconds: imap.pollSeconds,
    createTickets: imap.createTickets,
  };
}
