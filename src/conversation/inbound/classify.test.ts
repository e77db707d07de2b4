import { expect, test } from "bun:test";
import { classify } from "./classify";
import { bounce, outOfOffice, reply } from "./mail.fixtures";
import { parseMessage } from "./parse";

const ours = { ourMessageIdDomain: "helpdesk.example" };
const of = async (raw: string) => classify(await parseMessage(raw), ours);

test("classify – a person's reply is ok", async () => {
  expect(await of(reply({}))).toBe("ok");
  expect(await of(reply({ headers: { "Auto-Submitted": "no" } }))).toBe("ok");
});

test("classify – an out-of-office answer is an auto-reply", async () => {
  expect(await of(outOfOffice)).toBe("auto-reply");
});

test("classify – every automatic marker counts", async () => {
  for (const headers of <Record<string, string>[]>[
    { "Auto-Submitted": "auto-generated" },
    { "Auto-Submitted": "auto-replied; owner-email=jo@example.com" },
    { Precedence: "bulk" },
    { Precedence: "List" },
    { Precedence: "junk" },
    { Precedence: "auto_reply" },
    { "X-Autoreply": "yes" },
    { "X-Autorespond": "Out of office" },
    { "Return-Path": "<>" },
  ])
    expect([headers, await of(reply({ headers }))]).toEqual([headers, "auto-reply"]);
});

test("classify – a delivery report and mail from MAILER-DAEMON or postmaster are bounces", async () => {
  expect(await of(bounce)).toBe("bounce");
  expect(await of(reply({ from: "postmaster@example.com" }))).toBe("bounce");
  expect(await of(reply({ from: "Mail Delivery Subsystem <MAILER-DAEMON@example.org>" }))).toBe("bounce");
});

test("classify – our own mail come back (our Message-ID format on our domain) is own", async () => {
  expect(await of(reply({ messageId: "<wi-2026-001.reply.AAAAbbbbCCCCdddd@helpdesk.example>" }))).toBe("own");
  expect(await of(reply({ messageId: "<WI-2026-001.reply.AAAAbbbbCCCCdddd@HELPDESK.example>" }))).toBe("own");
  // A colleague's mail server may name its messages after the same domain: that is a person writing.
  expect(await of(reply({ messageId: "<x@helpdesk.example>" }))).toBe("ok");
  expect(await of(reply({ messageId: "<x@helpdesk.example.org>" }))).toBe("ok");
});
