import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { insertTicket } from "../../src/tickets/admin-tickets.fixtures";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
});
afterEach(() => t.close());

const setSignature = (signature: unknown, cookie = admin) =>
  t.request("/api/auth/signature", { method: "PUT", json: { signature }, cookie });
const mailTo = (id: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.ticketId, id)).all();

describe("profile – a reply signature", () => {
  test("kept per user and read back", async () => {
    expect((await setSignature("Ada Admin\nIT Service Desk")).status).toBe(200);
    const res = await t.request("/api/auth/signature", { cookie: admin });
    expect(await res.json()).toEqual({ signature: "Ada Admin\nIT Service Desk" });
    const staff = await t.loginAs("staff");
    expect(await (await t.request("/api/auth/signature", { cookie: staff })).json()).toEqual({
      signature: "",
    });
  });

  test("too long, too many lines or control characters are refused with a message", async () => {
    const long = await setSignature("x".repeat(501));
    expect(long.status).toBe(400);
    expect((await long.json()).message).toContain("Signature is too long");
    expect((await setSignature("1\n2\n3\n4\n5\n6\n7")).status).toBe(400);
    expect((await setSignature("bell\u0007")).status).toBe(400);
    expect((await setSignature(42)).status).toBe(400);
  });

  test("added under a staff reply in the requester's e-mail, not stored in the note, never under an internal note", async () => {
    await setSignature("Ada Admin\nIT Service Desk");
    const tk = insertTicket(t, { email: "req@example.com" });
    const reply = await t.request(`/api/admin/tickets/${tk.id}/notes`, {
      json: { note: "Your laptop is ready." },
      cookie: admin,
    });
    expect(reply.status).toBe(201);
    expect((await reply.json()).note).toBe("Your laptop is ready.");
    const [mail] = mailTo(tk.id);
    expect(mail!.textBody).toContain("Your laptop is ready.\n\n-- \nAda Admin\nIT Service Desk");
    expect(mail!.htmlBody).toContain("IT Service Desk");
    const internal = insertTicket(t, { email: "req2@example.com" });
    await t.request(`/api/admin/tickets/${internal.id}/notes`, {
      json: { note: "Staff only.", isInternal: true },
      cookie: admin,
    });
    expect(mailTo(internal.id)).toEqual([]);
  });

  test("an empty signature removes it", async () => {
    await setSignature("Ada");
    await setSignature("");
    const tk = insertTicket(t, { email: "req@example.com" });
    await t.request(`/api/admin/tickets/${tk.id}/notes`, { json: { note: "Done." }, cookie: admin });
    expect(mailTo(tk.id)[0]!.textBody).not.toContain("-- \n");
  });
});
