import type { Transporter } from "nodemailer";
import type { OutgoingMail } from "./attach-files";
import type { SmtpTarget } from "../settings/mail-transport";

export type Sender = { send: (row: OutgoingMail) => Promise<void>; close: () => void };

/**
 * One pooled SMTP transport from SMTP_URL; short timeouts so a dead server fails fast and is retried later.
 * nodemailer loads with the first message, so a process that never sends mail never holds it.
 */
export function createSmtpSender(target: string | SmtpTarget, from: string): Sender {
  let transport: Transporter | undefined;
  const open = async () => {
    const nodemailer = (await import("nodemailer")).default;
    // the URL's own settings win; the timeouts apply beside them (as message defaults they would be ignored)
    transport ??= nodemailer.createTransport({
      ...(typeof target === "string" ? { url: target } : target),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return transport;
  };
  return {
    async send(row) {
      await (transport ?? (await open())).sendMail({
        from,
        to: row.recipients,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        // A stable id lets mail systems drop a duplicate if a crash made us send twice; conversation mail
        // carries the id its thread knows it by.
        messageId: row.messageId ?? `<outbox-${row.id}-${row.createdAt.getTime()}@helpdesk>`,
        inReplyTo: row.inReplyTo ?? undefined,
        references: row.references ?? undefined,
        replyTo: row.replyTo ?? undefined,
        // Machine-sent: well-behaved auto-responders stay quiet, and our own inbound reader skips echoes.
        headers: { "Auto-Submitted": "auto-generated" },
        attachments: row.files?.map((f) => ({ ...f })),
      });
    },
    close: () => transport?.close(),
  };
}
