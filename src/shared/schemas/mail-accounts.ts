import { z } from "zod";
import { SIMPLE_EMAIL_PATTERN } from "../format";

const host = z
  .string()
  .trim()
  .min(1, "Host is required")
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, "Host must be a name or an address");
const port = z.coerce.number().int().min(1, "Port must be 1–65535").max(65535, "Port must be 1–65535");
/** Left empty, the stored password is kept; it is never sent back. */
const password = z.string().max(500).optional();
const email = z.string().trim().toLowerCase().max(254).regex(SIMPLE_EMAIL_PATTERN, "Invalid Email");

/** Outgoing mail: "tls" connects with TLS at once (465), "starttls" upgrades (587), "none" is for a local relay. */
export const smtpAccountSchema = z.object({
  host,
  port,
  security: z.enum(["tls", "starttls", "none"]),
  user: z.string().trim().max(254).default(""),
  password,
  fromName: z.string().trim().max(100).default("Helpdesk"),
  fromAddress: email,
  replyTo: z.union([email, z.literal("")]).default(""),
});
export type SmtpAccountInput = z.infer<typeof smtpAccountSchema>;

/** Incoming mail: read from one folder, every poll interval or at once where the server offers IDLE. */
export const imapAccountSchema = z.object({
  host,
  port,
  tls: z.boolean(),
  user: z.string().trim().min(1, "User is required").max(254),
  password,
  folder: z.string().trim().min(1, "Folder is required").max(200).default("INBOX"),
  pollSeconds: z.coerce.number().int().min(5).max(3600).default(60),
  createTickets: z.boolean().default(false),
});
export type ImapAccountInput = z.infer<typeof imapAccountSchema>;
