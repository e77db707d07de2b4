import { expect, test } from "bun:test";
import type { EmailRoutingRow, TicketRow } from "../../db/schema";
import {
  recipientsOf,
  ruleMatches,
  staffNotification,
  submitterConfirmation,
} from "./new-ticket-mail";

const rule = (over: Partial<EmailRoutingRow>) =>
  ({
    id: 1,
    name: "r",
    emailAddresses: "a@x.com",
    conditionType: "all",
    departmentId: null,
    companyId: null,
    typeId: null,
    isActive: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  }) as EmailRoutingRow;
const ticket = { companyId: 5, departmentId: 2, typeId: 3 };

test("routing – each condition type matches only its own fields", () => {
  const cases: [Partial<EmailRoutingRow>, boolean][] = [
    [{ conditionType: "all" }, true],
    [{ conditionType: "department", departmentId: 2 }, true],
    [{ conditionType: "department", departmentId: 9 }, false],
    [{ conditionType: "company", companyId: 5 }, true],
    [{ conditionType: "both", departmentId: 2, companyId: 5 }, true],
    [{ conditionType: "both", departmentId: 2, companyId: 6 }, false],
    [{ conditionType: "type", typeId: 3 }, true],
    [{ conditionType: "type", typeId: null }, false],
    [{ conditionType: "type_company", typeId: 3, companyId: 5 }, true],
    [{ conditionType: "type_company", typeId: 3, companyId: null }, false],
  ];
  for (const [over, expected] of cases)
    expect([over, ruleMatches(rule(over), ticket)]).toEqual([over, expected]);
});

test("routing – recipients are trimmed, de-duplicated, and junk or header tricks dropped", () => {
  expect(
    recipientsOf(
      rule({ emailAddresses: " a@x.com, b@x.com ,a@x.com,, not-an-address, c@x.com\r\nBcc: e@x.com" }),
    ),
  ).toEqual(["a@x.com", "b@x.com"]);
});

const row = (over: Partial<TicketRow> = {}) =>
  ({
    id: 7,
    ticketId: "WI-2026-042",
    firstName: "<b>Eve</b>",
    lastName: "O'Neil",
    email: "eve@example.com",
    phone: "555-123-4567",
    companyId: 1,
    companyName: "A & B",
    location: null,
    department: "IT",
    ticketType: "IT",
    priority: "high",
    description: "Screen shows <script>alert(1)</script>",
    ...over,
  }) as TicketRow;

test("staff mail – links to /admin under PUBLIC_URL in both bodies, values escaped in the HTML", () => {
  const m = staffNotification(row(), "https://desk.example.com/");
  expect(m.text).toContain("https://desk.example.com/admin");
  expect(m.html).toContain('<a href="https://desk.example.com/admin">https://desk.example.com/admin</a>');
  expect(m.text).toContain("Description: Screen shows <script>alert(1)</script>"); // plain text is not HTML
  expect(m.html).toContain("&#60;b&#62;Eve&#60;/b&#62; O&#39;Neil");
  expect(m.html).toContain("A &#38; B");
  expect(m.html).not.toContain("<script>");
});

test("staff mail – without PUBLIC_URL it says where the dashboard is", () => {
  const m = staffNotification(row());
  expect(m.text).toContain("the path /admin on the help desk's address");
  expect(m.html).toContain("the path /admin on the help desk&#39;s address");
  expect(m.html).not.toContain("<a ");
});

test("confirmation – ticket id, the 2-4 hour promise and how to track it, and nothing the visitor typed", () => {
  const m = submitterConfirmation(row(), "https://desk.example.com");
  expect(m.subject).toBe("We received your ticket WI-2026-042");
  for (const body of [m.text, m.html]) {
    expect(body).toContain("WI-2026-042");
    expect(body).toContain("within 2-4 hours on business days");
    expect(body).toContain("Track Your Tickets");
    expect(body).toContain("search by Ticket ID WI-2026-042");
    expect(body).toContain("https://desk.example.com/");
  }
  for (const typed of ["Eve", "Screen shows", "script", "Description"]) {
    expect(m.text).not.toContain(typed);
    expect(m.html).not.toContain(typed);
  }
  expect(submitterConfirmation(row()).text).not.toContain("http");
});

test("confirmation – the subject stays one line", () => {
  const m = submitterConfirmation(row({ ticketId: "WI-2026-001\r\nBcc: x@example.com" }));
  expect(m.subject).not.toMatch(/[\r\n]/);
});
