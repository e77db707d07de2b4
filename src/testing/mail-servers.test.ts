import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import nodemailer from "nodemailer";
import { startDovecot } from "./dovecot";
import { startSmtpSink } from "./smtp-sink";

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: "127.0.0.1", port }, () => {
      s.destroy();
      resolve(false);
    });
    s.on("error", () => resolve(true));
  });

test("dovecot harness – a private server on a free loopback port, gone with its folder after stop()", async () => {
  const a = await startDovecot({ users: [{ user: "a@example.com", password: "p@ss w/rd%" }] });
  const b = await startDovecot({ users: [{ user: "b@example.com", password: "other" }] });
  try {
    expect(a.port).not.toBe(b.port);
    expect(a.imapUrl("a@example.com")).toBe(
      `imap://a%40example.com:p%40ss%20w%2Frd%25@127.0.0.1:${a.port}/INBOX`,
    );
    const conf = readFileSync(`${a.dir}/dovecot.conf`, "utf8");
    expect(conf).not.toContain("/etc/dovecot");
    expect(conf).toContain(`base_dir = ${a.dir}/run`);
    await a.append("a@example.com", "Subject: hi\r\nMessage-ID: <h@x>\r\n\r\nhello\r\n");
    await a.append("a@example.com", "Subject: filed\r\n\r\nx\r\n", "Archive");
    const c = await a.connect("a@example.com");
    expect(await c.status("INBOX", { messages: true })).toMatchObject({ messages: 1 });
    expect(await c.status("Archive", { messages: true })).toMatchObject({ messages: 1 });
    await c.logout();
    await expect(b.append("a@example.com", "x")).rejects.toThrow();
  } finally {
    await a.stop();
    await b.stop();
  }
  expect(existsSync(a.dir)).toBe(false);
  expect(await refused(a.port)).toBe(true);
}, 30_000);

test("smtp sink – collects what is sent, parsed, and waitFor resolves on arrival", async () => {
  const sink = await startSmtpSink();
  try {
    const transport = nodemailer.createTransport(sink.url);
    const pending = sink.waitFor((m) => m.to.includes("jo@example.com"), 5000);
    await transport.sendMail({
      from: "Desk <desk@example.com>",
      to: "jo@example.com",
      subject: "[WI-2026-001] Hello",
      text: "Body text",
      messageId: "<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>",
    });
    const got = await pending;
    expect(got.from).toBe("desk@example.com");
    expect(got.parsed.subject).toBe("[WI-2026-001] Hello");
    expect(got.parsed.messageId).toBe("<wi-2026-001.reply.AAAAbbbbCCCC@helpdesk.example>");
    expect(got.parsed.text?.trim()).toBe("Body text");
    expect(got.raw.toString()).toContain("Subject: [WI-2026-001] Hello");
    expect(sink.messages.length).toBe(1);
    await expect(sink.waitFor((m) => m.to.includes("nobody@example.com"), 100)).rejects.toThrow(
      "no matching",
    );
  } finally {
    await sink.stop();
  }
});
