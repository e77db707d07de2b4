import { expect, test } from "bun:test";
import { replyText } from "./reply-text";

test("reply text – Gmail's 'On … wrote:' and the > quote are cut", () => {
  const body =
    "Thanks, the printer works now.\r\n\r\nOn Mon, 12 Jan 2026 at 10:15, Help Desk <support@example.com> wrote:\r\n> Hello Jo,\r\n>\r\n> please restart the printer.\r\n";
  expect(replyText(body)).toBe("Thanks, the printer works now.");
});

test("reply text – Gmail's header wrapped over two lines is still found", () => {
  const body =
    "Still broken.\n\nOn Mon, Jan 12, 2026 at 10:15 AM Help Desk via Helpdesk <\nsupport@example.com> wrote:\n\n> Hello Jo,\n> please restart.\n";
  expect(replyText(body)).toBe("Still broken.");
});

test("reply text – Outlook's rule and From:/Sent: block are cut, the sign-off stays", () => {
  const body =
    "It is fixed, thank you!\n\nKind regards\nJo\n\n________________________________\nFrom: Help Desk <support@example.com>\nSent: Monday, January 12, 2026 10:15 AM\nTo: Jo Lee <jo@example.com>\nSubject: [WI-2026-001] Printer\n\nHello Jo,\nplease restart the printer.\n";
  expect(replyText(body)).toBe("It is fixed, thank you!\n\nKind regards\nJo");
});

test("reply text – Outlook's From:/Sent: block without a rule or addresses", () => {
  const body =
    "Done.\n\nFrom: Help Desk\nSent: Monday, January 12, 2026 10:15 AM\nTo: Jo Lee\nSubject: RE: [WI-2026-001] Printer\n\nHello Jo\n";
  expect(replyText(body)).toBe("Done.");
});

test("reply text – Apple Mail's quoted header and 'Sent from my iPhone' are cut", () => {
  const body =
    "Works now.\n\nSent from my iPhone\n\n> On 12 Jan 2026, at 10:15, Help Desk <support@example.com> wrote:\n> \n> Hello Jo,\n> please restart.\n";
  expect(replyText(body)).toBe("Works now.");
});

test("reply text – a signature after the standard '-- ' line is cut", () => {
  const body = "The scanner too, please.\n\n-- \nJo Lee\nAccounts, Example Ltd\n+1 555 123 4567\n";
  expect(replyText(body)).toBe("The scanner too, please.");
});

test("reply text – German and 'Original Message' headers are cut", () => {
  expect(
    replyText("Danke!\n\nAm 12.01.2026 um 10:15 schrieb Help Desk <support@example.com>:\n> Hallo\n"),
  ).toBe("Danke!");
  expect(
    replyText("See below.\n\n-----Original Message-----\nFrom: Help Desk\nSent: Monday\n\nHello\n"),
  ).toBe("See below.");
});

test("reply text – answers written between quoted lines are kept with their context", () => {
  const body = "> Which floor?\nThird floor.\n> Which printer?\nThe big one.\n";
  expect(replyText(body)).toContain("Third floor.");
  expect(replyText(body)).toContain("The big one.");
});

test("reply text – a body without quotes is kept whole, even past a thousand lines", () => {
  const log = Array.from({ length: 3000 }, (_, i) => `log line ${i}`).join("\n");
  expect(replyText(log)).toBe(log);
  expect(replyText("Just one line")).toBe("Just one line");
});

test("reply text – crafted bodies that make backtracking parsers crawl stay fast", () => {
  const crafted = [
    "Op schreef x\n",
    "abc. x skrev x\n",
    `On ${"a ".repeat(3000)}\n`,
    "W dniu x\n",
    "From: x\n",
  ];
  for (const piece of crafted) {
    const body = piece.repeat(Math.ceil(64_000 / piece.length));
    const started = performance.now();
    replyText(body);
    expect(performance.now() - started).toBeLessThan(1000);
  }
});
