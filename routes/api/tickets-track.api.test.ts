import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { SYSTEM_ACTOR } from "../../src/audit/audit.service";
import { addNote } from "../../src/notes/notes.service";
import { submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());
const search = (type: string, query: unknown) => t.request("/api/tickets/search", { json: { type, query } });

describe("public search", () => {
  const formatErrors: [string, string, string][] = [
    ["ticketId", "", "Enter Search Value"],
    ["email", "   ", "Enter Search Value"],
    ["phone", "", "Enter Search Value"],
    ["ticketId", "WI-26-1", "Invalid Ticket ID Format"],
    ["ticketId", "W1-2026-001", "Invalid Ticket ID Format"],
    ["email", "jane@", "Invalid Email Format"],
    ["phone", "call me", "Invalid Phone Format"],
  ];
  for (const [type, query, message] of formatErrors)
    test(`${type} '${query}' is refused with '${message}'`, async () => {
      const res = await search(type, query);
      expect(res.status).toBe(400);
      expect((await res.json()).errors.query).toBe(message);
    });

  test("finds by ticket id (any case), e-mail (any case) and phone, newest first", async () => {
    const a = await submit(t);
    const b = await submit(t, { phone: "555-000-1111" });
    await submit(t, { email: "other@example.com", phone: "555-999-8888" });
    const byId = await (await search("ticketId", a.ticketId.toLowerCase())).json();
    expect(byId.tickets.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const byEmail = await (await search("email", "JANE.DOE@example.COM")).json();
    expect(byEmail.tickets.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const byPhone = await (await search("phone", "555-000-1111")).json();
    expect(byPhone.tickets.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await (await search("email", "nobody@example.com")).json()).tickets).toEqual([]);
  });

  test("contact details are masked and staff-only fields are absent", async () => {
    await submit(t);
    const [ticket] = (await (await search("phone", "555-123-4567")).json()).tickets;
    expect(ticket.email).toBe("j•••@example.com");
    expect(ticket.phone).toBe("•••-•••-4567");
    expect(ticket).not.toHaveProperty("assignedTo");
    expect(ticket).not.toHaveProperty("userId");
    expect(ticket).toMatchObject({
      firstName: "Jane",
      status: "open",
      description: "My laptop will not start after the update.",
    });
  });

  test("an unknown search type is refused", async () => {
    expect((await search("name", "Jane")).status).toBe(400);
  });
});

describe("public notes", () => {
  const notes = (id: number) => t.request(`/api/tickets/${id}/notes`);
  const addPublic = (id: number, json: unknown) => t.request(`/api/tickets/${id}/notes`, { json });

  test("a visitor adds a note and sees it, trimmed, with the e-mail masked", async () => {
    const { id } = await submit(t);
    const res = await addPublic(id, {
      note: "  Still broken  ",
      userName: "Jane",
      userEmail: "Jane@Example.com",
    });
    expect(res.status).toBe(201);
    const list = await (await notes(id)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      note: "Still broken",
      userName: "Jane",
      userEmail: "j•••@example.com",
      isInternal: false,
      userId: null,
    });
  });

  const bad: [Record<string, string>, string, string][] = [
    [{ note: "  ", userName: "Jane", userEmail: "j@x.com" }, "note", "Note cannot be empty"],
    [{ note: "Hi", userName: "", userEmail: "j@x.com" }, "userName", "Contact Information Required"],
    [{ note: "Hi", userName: "Jane", userEmail: "" }, "userEmail", "Contact Information Required"],
    [{ note: "Hi", userName: "Jane", userEmail: "jane@nowhere" }, "userEmail", "Invalid Email"],
  ];
  for (const [json, field, message] of bad)
    test(`a note with a bad ${field} is refused with '${message}'`, async () => {
      const { id } = await submit(t);
      const res = await addPublic(id, json);
      expect(res.status).toBe(400);
      expect((await res.json()).errors[field]).toBe(message);
      expect(await (await notes(id)).json()).toEqual([]);
    });

  test("internal notes never appear publicly", async () => {
    const { id, ticketId } = await submit(t);
    addNote({
      db: t.db,
      actor: SYSTEM_ACTOR,
      ticket: { id, ticketId },
      note: "staff only secret",
      userName: "Admin",
      userEmail: "admin@example.com",
      userId: 1,
      isInternal: true,
      now: new Date(),
    });
    addNote({
      db: t.db,
      actor: SYSTEM_ACTOR,
      ticket: { id, ticketId },
      note: "We are on it",
      userName: "Admin",
      userEmail: "admin@example.com",
      userId: 1,
      isInternal: false,
      now: new Date(),
    });
    const text = await (await notes(id)).text();
    expect(text).not.toContain("staff only secret");
    expect(JSON.parse(text).map((n: { note: string }) => n.note)).toEqual(["We are on it"]);
    const found = await (await search("ticketId", ticketId)).text();
    expect(found).not.toContain("staff only secret");
  });

  test("an unknown ticket answers 404 for notes and attachments", async () => {
    expect((await notes(999)).status).toBe(404);
    expect((await addPublic(999, { note: "x", userName: "a", userEmail: "a@b.co" })).status).toBe(404);
    expect((await t.request("/api/tickets/999/attachments")).status).toBe(404);
    expect((await t.request("/api/tickets/abc/notes")).status).toBe(400);
  });
});

describe("public write limits", () => {
  test("notes and uploads from one address beyond the limit get 429", async () => {
    t.close();
    t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_WRITES: "3" } });
    const { id } = await submit(t);
    const note = () =>
      t.request(`/api/tickets/${id}/notes`, { json: { note: "hi", userName: "A", userEmail: "a@b.co" } });
    expect((await note()).status).toBe(201);
    const fd = new FormData();
    fd.append("file", new File(["x"], "a.txt"));
    expect((await t.request(`/api/tickets/${id}/attachments`, { body: fd })).status).toBe(201);
    expect((await note()).status).toBe(429);
    const again = new FormData();
    again.append("file", new File(["x"], "b.txt"));
    expect((await t.request(`/api/tickets/${id}/attachments`, { body: again })).status).toBe(429);
  });
});
