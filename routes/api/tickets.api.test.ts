import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import {
  companies,
  emailRouting,
  mailOutbox,
  ticketDepartments,
  ticketLinks,
  ticketMessages,
  ticketPriorities,
  ticketTypes,
  tickets,
} from "../../db/schema";
import { submit, validTicket } from "../../src/tickets/tickets.fixtures";
import { LINK_SLOT } from "../../src/mail/compose";
import { auditRows, expectAudit } from "../../src/testing/expect-audit";

let t: TestApp;
beforeEach(async () => (t = await createTestApp({ now: () => new Date("2026-03-04T10:00:00Z") })));
afterEach(() => t.close());
const post = (json: unknown) => t.request("/api/tickets", { json });

describe("public config lists", () => {
  test("only active items, in their configured order, in the public shapes", async () => {
    t.db.update(ticketDepartments).set({ isActive: false }).where(eq(ticketDepartments.name, "Legal")).run();
    t.db.update(ticketPriorities).set({ position: 0 }).where(eq(ticketPriorities.name, "urgent")).run();
    const depts = await (await t.request("/api/public/config/departments")).json();
    expect(depts.map((d: { name: string }) => d.name)).toEqual([
      "IT",
      "Human Resources",
      "Finance",
      "Operations",
      "Sales",
      "Marketing",
    ]);
    expect(depts[0]).toEqual({ name: "IT", label: "IT" });
    const prios = await (await t.request("/api/public/config/priorities")).json();
    expect(prios.map((p: { name: string }) => p.name)).toEqual(["urgent", "low", "medium", "high"]);
    expect(prios[0]).toEqual({ name: "urgent", label: "Urgent", color: "red" });
    expect((await (await t.request("/api/public/config/types")).json())[0]).toEqual({
      name: "IT",
      label: "IT",
      icon: "monitor",
    });
    expect(await (await t.request("/api/public/config/companies")).json()).toEqual([
      { id: 1, name: "Main Office" },
    ]);
  });
});

describe("submit a ticket", () => {
  test("answers id and WI-YYYY-NNN; the server sets id, ticketId, userId, status and timestamps", async () => {
    const res = await post(
      validTicket({
        id: 99,
        ticketId: "WI-1999-999",
        userId: "x",
        status: "completed",
        createdAt: "2000-01-01",
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.ticketId).toBe("WI-2026-001");
    const row = t.db.select().from(tickets).where(eq(tickets.id, body.id)).get()!;
    expect(row).toMatchObject({
      ticketId: "WI-2026-001",
      userId: null,
      status: "open",
      email: "jane.doe@example.com",
      priority: "high",
    });
    expect(row.createdAt.toISOString()).toBe("2026-03-04T10:00:00.000Z");
    expect((await submit(t)).ticketId).toBe("WI-2026-002");
  });

  test("priority defaults to medium and companyName comes from companyId, not the client", async () => {
    const { id } = await submit(t, { priority: undefined, companyName: "Evil Corp" });
    expect(t.db.select().from(tickets).where(eq(tickets.id, id)).get()).toMatchObject({
      priority: "medium",
      companyName: "Main Office",
      companyId: 1,
    });
  });

  test("writes one audit row for the new ticket", async () => {
    const { id } = await submit(t);
    expectAudit(t, { entityType: "ticket" }, [{ action: "created", entityId: String(id), userId: null }]);
  });

  const cases: [string, unknown, string][] = [
    ["firstName", "  ", "First name is required"],
    ["lastName", undefined, "Last name is required"],
    ["email", "not-an-address", "Please enter a valid email address"],
    ["phone", "5551234567", "Phone number must be in the format XXX-XXX-XXXX"],
    ["companyId", -3, "Company must be selected"],
    ["companyName", "", "Company name is required"],
    ["department", "", "Department is required"],
    ["ticketType", "", "Ticket type is required"],
    ["priority", "", "Priority is required"],
    ["description", "too short", "Description must be at least 10 characters"],
  ];
  for (const [field, value, message] of cases)
    test(`refuses a bad ${field} with '${message}'`, async () => {
      const res = await post(validTicket({ [field]: value }));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[field]).toBe(message);
      expect(t.db.select().from(tickets).all()).toHaveLength(0);
    });

  // the phone is checked against the portal's phone settings once the rest of the form is sound
  test("reports every failing field at once, the first as the message", async () => {
    const body = await (await post({})).json();
    expect(body.message).toBe("First name is required");
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining([
        "firstName",
        "lastName",
        "email",
        "companyName",
        "department",
        "ticketType",
        "description",
      ]),
    );
  });

  test("picker values must be active items of their lists", async () => {
    t.db.update(companies).set({ isActive: false }).run();
    expect((await (await post(validTicket())).json()).message).toBe("Company must be selected");
    expect((await (await post(validTicket({ companyId: null, department: "Space" }))).json()).errors).toEqual(
      { department: "Department is required" },
    );
    t.db.update(ticketTypes).set({ isActive: false }).where(eq(ticketTypes.name, "IT")).run();
    expect((await (await post(validTicket({ companyId: null }))).json()).errors).toEqual({
      ticketType: "Ticket type is required",
    });
    expect(
      (
        await (
          await post(validTicket({ companyId: null, ticketType: "Services", priority: "whenever" }))
        ).json()
      ).errors,
    ).toEqual({ priority: "Priority is required" });
  });

  test("a filled honeypot looks like success but stores nothing", async () => {
    const res = await post(validTicket({ website: "http://spam.example" }));
    expect(res.status).toBe(201);
    expect(t.db.select().from(tickets).all()).toHaveLength(0);
    expect(auditRows(t)).toEqual([]);
    expect(t.db.select().from(mailOutbox).all()).toHaveLength(0); // no confirmation mailed to a bot's address
  });

  test("a non-JSON body is refused with 415, malformed JSON with 400", async () => {
    expect(
      (
        await t.request("/api/tickets", {
          body: "firstName=x",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
    expect(
      (await t.request("/api/tickets", { body: "{", headers: { "Content-Type": "application/json" } }))
        .status,
    ).toBe(400);
  });

  test("queues one outbox message per active matching routing rule, in the ticket's transaction", async () => {
    const now = new Date();
    const it = t.db.select().from(ticketDepartments).where(eq(ticketDepartments.name, "IT")).get()!;
    const rule = (name: string, over: object) => ({
      name,
      emailAddresses: "a@x.com, b@x.com",
      conditionType: "all" as const,
      createdAt: now,
      updatedAt: now,
      ...over,
    });
    t.db
      .insert(emailRouting)
      .values([
        rule("everyone", {}),
        rule("it dept", { conditionType: "department", departmentId: it.id }),
        rule("finance", { conditionType: "department", departmentId: it.id + 1 }),
        rule("off", { isActive: false }),
        rule("company", { conditionType: "company", companyId: 1 }),
      ])
      .run();
    const { id, ticketId } = await submit(t, { firstName: "<b>Eve</b>" });
    const mails = t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "staff_notification")).all();
    expect(mails).toHaveLength(3);
    expect(
      mails.every((m) => m.ticketId === id && m.recipients === "a@x.com, b@x.com" && m.status === "pending"),
    ).toBe(true);
    expect(mails[0]!.subject).toContain(ticketId);
    expect(mails[0]!.htmlBody).toContain("&#60;b&#62;Eve&#60;/b&#62;");
    expect(mails[0]!.htmlBody).not.toContain("<b>Eve");
    expect(mails[0]!.textBody).toContain("the path /admin on the help desk's address"); // no PUBLIC_URL in this app
  });

  test("the submitter gets one threaded confirmation naming only the ticket id, with a slot for their link", async () => {
    const { id, ticketId } = await submit(t, {
      firstName: "<b>Eve</b>",
      description: "Mouse & keyboard dead",
    });
    const mails = t.db.select().from(mailOutbox).all();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      ticketId: id,
      kind: "submitter_confirmation",
      recipients: "jane.doe@example.com",
      status: "pending",
      subject: `[${ticketId}] We received your ticket`,
      linkTicketId: id,
      inReplyTo: null,
    });
    // Nothing the visitor typed is repeated, so the form cannot send someone else a message of theirs.
    for (const body of [mails[0]!.textBody, mails[0]!.htmlBody]) {
      expect(body).toContain(ticketId);
      expect(body).not.toContain("Eve");
      expect(body).not.toContain("keyboard");
      expect(body).toContain(LINK_SLOT);
    }
    // The mail's link is minted at send time; the only one stored so far is the submitter's browser's.
    expect(t.db.select().from(ticketLinks).all()).toMatchObject([{ ticketId: id, revokedAt: null }]);
    expect(t.db.select().from(ticketMessages).all()).toMatchObject([
      { ticketId: id, messageId: mails[0]!.messageId, direction: "out" },
    ]);
  });

  test("one address gets at most CONFIRMATIONS_PER_ADDRESS_PER_DAY receipts in 24 hours; the tickets are all saved", async () => {
    t.close();
    let now = new Date("2026-03-02T09:00:00");
    t = await createTestApp({ env: { CONFIRMATIONS_PER_ADDRESS_PER_DAY: "2" }, now: () => now });
    for (let i = 0; i < 4; i++) await submit(t);
    const receipts = () =>
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .filter((m) => m.kind === "submitter_confirmation").length;
    expect(receipts()).toBe(2);
    await submit(t, { email: "other@example.com" });
    expect(receipts()).toBe(3);
    now = new Date("2026-03-03T09:00:01"); // a day later the address is below the limit again
    await submit(t);
    expect(receipts()).toBe(4);
  });

  test("with PUBLIC_URL the staff mail links to the ticket", async () => {
    t.close();
    t = await createTestApp({ env: { PUBLIC_URL: "https://desk.example.com" } });
    t.db
      .insert(emailRouting)
      .values({
        name: "all",
        emailAddresses: "desk@x.com",
        conditionType: "all",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .run();
    await submit(t);
    const byKind = Object.fromEntries(
      t.db
        .select()
        .from(mailOutbox)
        .all()
        .map((m) => [m.kind, m]),
    );
    const { ticketId } = t.db.select().from(tickets).get()!;
    const link = `https://desk.example.com/admin/tickets/${ticketId}`;
    expect(byKind.staff_notification!.htmlBody).toContain(`<a href="${link}">`);
    expect(byKind.staff_notification!.textBody).toContain(link);
    expect(byKind.submitter_confirmation!.linkTicketId).not.toBeNull();
  });

  test("100 concurrent submissions get 100 distinct, sequential ids", async () => {
    const all = await Promise.all(Array.from({ length: 100 }, () => post(validTicket())));
    const ids = await Promise.all(all.map(async (r) => (await r.json()).ticketId as string));
    const expected = Array.from({ length: 100 }, (_, i) => `WI-2026-${String(i + 1).padStart(3, "0")}`);
    expect([...ids].sort()).toEqual(expected);
  });
});

describe("rate limits", () => {
  test("submissions from one address beyond the limit get 429 with Retry-After", async () => {
    t.close();
    t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_WRITES: "2", RATE_LIMIT_PUBLIC_SEARCH: "2" } });
    await submit(t);
    await submit(t);
    const res = await post(validTicket());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++)
      expect(
        (await t.request("/api/tickets/search", { json: { type: "phone", query: "555-123-4567" } })).status,
      ).toBe(200);
    expect(
      (await t.request("/api/tickets/search", { json: { type: "phone", query: "555-123-4567" } })).status,
    ).toBe(429);
  });
});
