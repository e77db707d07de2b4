import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLogs, emailRouting, mailOutbox, ticketNotes, tickets } from "../../db/schema";
import { withPrivateLink } from "../../src/conversation/link-at-send";
import { loggedPath } from "../../src/http/request-log";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { file, form, submit } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://desk.example.com" } });
});
afterEach(() => t.close());

const outbox = (kind?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .all()
    .filter((m) => !kind || m.kind === kind);
/** What the mail worker does at send time: mint the link into the body; the token as the requester gets it. */
function tokenFrom(kind = "submitter_confirmation", index = -1) {
  const row = outbox(kind).at(index)!;
  const sent = withPrivateLink(t.db, row, new Date(), t.config.publicUrl);
  return sent.textBody.match(/\/t\/([a-z2-7]{32})/)![1]!;
}
const view = (token: string) => t.request(`/api/t/${token}`);

describe("private ticket link", () => {
  test("opens the requester's own ticket unmasked, without internal notes, internal files or staff addresses", async () => {
    const { id, ticketId } = await submit(t);
    const admin = await t.loginAs("admin");
    const marker = "INTERNAL-MARKER-7731";
    await t.request(`/api/admin/tickets/${id}/notes`, {
      json: { note: marker, isInternal: true },
      cookie: admin,
    });
    await t.request(`/api/admin/tickets/${id}/notes`, { json: { note: "We are on it" }, cookie: admin });
    const internalFile = form([
      ["file", file(`${marker}.txt`, "secret")],
      ["isInternal", "true"],
    ]);
    await t.request(`/api/admin/tickets/${id}/attachments`, { body: internalFile, cookie: admin });
    const res = await view(tokenFrom());
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).not.toContain(marker);
    expect(body).not.toContain("admin@example.com");
    const json = JSON.parse(body);
    expect(json.ticket).toMatchObject({ ticketId, email: "jane.doe@example.com", phone: "555-123-4567" });
    expect(json.notes).toMatchObject([{ note: "We are on it", fromStaff: true }]);
    expect(json.attachments).toEqual([]);
  });

  test("a wrong, malformed or revoked token answers exactly like an unknown ticket, page and API", async () => {
    const { id } = await submit(t);
    const good = tokenFrom();
    const unknown = await view("a".repeat(32));
    const expected = { status: unknown.status, body: await unknown.text() };
    expect(expected.status).toBe(404);
    const oneOff = `${good.slice(0, 31)}${good.endsWith("a") ? "b" : "a"}`;
    for (const bad of ["short", oneOff, "x".repeat(300), "A".repeat(32)]) {
      const res = await view(bad);
      expect({ status: res.status, body: await res.text() }).toEqual(expected);
    }
    const admin = await t.loginAs("admin");
    const reset = await t.request(`/api/admin/tickets/${id}/link`, { json: { reset: true }, cookie: admin });
    expect(reset.status).toBe(200);
    const old = await view(good);
    expect({ status: old.status, body: await old.text() }).toEqual(expected);
    expect((await view(tokenFrom("requester_link"))).status).toBe(200);
    // The page: the ordinary 404 screen for a dead link, the ticket for a live one, never the token in a log line.
    const page = await t.request(`/t/${good}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("404 Page Not Found");
    expect(loggedPath(`/t/${good}`)).toBe("/t/…");
    expect(loggedPath(`/api/t/${good}/attachments/3/download`)).toBe("/api/t/…/attachments/3/download");
    const audit = JSON.stringify(t.db.select().from(auditLogs).all());
    expect(audit).toContain("link_reset");
    expect(audit).not.toContain(good);
  });

  test("resend adds a link and keeps the old one; the page renders the ticket before any script runs", async () => {
    const { id, ticketId } = await submit(t);
    const first = tokenFrom();
    const admin = await t.loginAs("admin");
    await t.request(`/api/admin/tickets/${id}/link`, { json: {}, cookie: admin });
    expect((await view(first)).status).toBe(200);
    expect((await view(tokenFrom("requester_link"))).status).toBe(200);
    const page = await t.request(`/t/${first}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain(`Your ticket ${ticketId}`);
    expect(html).toContain("jane.doe@example.com");
  });

  test("the requester replies and attaches a file; staff assigned to the ticket hear of it", async () => {
    const { id, ticketId } = await submit(t);
    const token = tokenFrom();
    const staff = await t.createUser({ email: "alex@example.com", role: "staff", firstName: "Alex" });
    await t.request(`/api/admin/tickets/${id}/assign`, {
      method: "PUT",
      json: { assignedTo: staff.id },
      cookie: await t.loginAs("admin"),
    });
    const res = await t.request(`/api/t/${token}/notes`, {
      json: { note: "Still broken <script>x</script>" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).notes).toMatchObject([
      { userName: "Jane Doe", fromStaff: false, source: "web" },
    ]);
    const [notice] = outbox("staff_requester_reply");
    expect(notice).toMatchObject({ recipients: "alex@example.com", linkTicketId: null });
    expect(notice!.subject).toBe(`[${ticketId}] Jane Doe replied`);
    expect(notice!.htmlBody).toContain("Still broken &#60;script&#62;");
    const up = await t.request(`/api/t/${token}/attachments`, {
      body: form([["file", file("log.txt", "boot log")]]),
    });
    expect(up.status).toBe(201);
    const [att] = (await (await view(token)).json()).attachments;
    const dl = await t.request(`/api/t/${token}/attachments/${att.id}/download`);
    expect(await dl.text()).toBe("boot log");
    expect(dl.headers.get("content-disposition")).toStartWith("attachment");
  });

  test("unassigned, a requester's reply goes to the routing recipients", async () => {
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
    await t.request(`/api/t/${tokenFrom()}/notes`, { json: { note: "Any news?" } });
    expect(outbox("staff_requester_reply").map((m) => m.recipients)).toEqual(["desk@x.com"]);
  });
});

describe("update e-mails to the requester", () => {
  test("a staff reply is e-mailed with its text and threads under the confirmation; internal notes never", async () => {
    const { id, ticketId } = await submit(t);
    const admin = await t.loginAs("admin");
    await t.request(`/api/admin/tickets/${id}/notes`, {
      json: { note: "secret internal", isInternal: true },
      cookie: admin,
    });
    expect(outbox("requester_reply")).toHaveLength(0);
    await t.request(`/api/admin/tickets/${id}/notes`, { json: { note: "Please restart it" }, cookie: admin });
    const [confirmation] = outbox("submitter_confirmation");
    const [reply] = outbox("requester_reply");
    expect(reply).toMatchObject({
      recipients: "jane.doe@example.com",
      subject: `[${ticketId}] New reply to your ticket`,
    });
    expect(reply!.textBody).toContain("Please restart it");
    expect(reply!.inReplyTo).toBe(confirmation!.messageId);
    expect(reply!.references).toBe(confirmation!.messageId);
    expect(reply!.messageId).toMatch(
      new RegExp(`^<${ticketId.toLowerCase()}\\.reply\\.[A-Za-z0-9_-]{22}\\.[0-9a-f]{32}@localhost>$`),
    );
    for (const m of outbox()) expect(m.textBody + m.htmlBody).not.toContain("secret internal");
  });

  test("completed and burnt each send one e-mail, worded for the requester; other changes send none", async () => {
    const { id, ticketId } = await submit(t);
    const admin = await t.loginAs("admin");
    const status = (s: string) =>
      t.request(`/api/admin/tickets/${id}/status`, { method: "PUT", json: { status: s }, cookie: admin });
    await status("in_progress");
    expect(outbox("requester_status")).toHaveLength(0);
    await status("completed");
    await status("completed");
    await status("burnt");
    const mails = outbox("requester_status");
    expect(mails.map((m) => m.subject)).toEqual([
      `[${ticketId}] Your ticket is resolved`,
      `[${ticketId}] Your ticket was closed`,
    ]);
    expect(mails[1]!.textBody).toContain("closed without further action");
    expect(mails[1]!.textBody).not.toMatch(/burnt/i);
  });

  test("Settings → Email switches each requester mail off; the change is audited", async () => {
    const admin = await t.loginAs("admin");
    const off = {
      confirmation: false,
      staffReply: false,
      completed: false,
      burnt: true,
      notifyStaffOnReply: false,
    };
    const put = await t.request("/api/admin/mail/settings", { method: "PUT", json: off, cookie: admin });
    expect(put.status).toBe(200);
    expect(await (await t.request("/api/admin/mail/settings", { cookie: admin })).json()).toEqual(off);
    const { id } = await submit(t);
    await t.request(`/api/admin/tickets/${id}/notes`, { json: { note: "hi" }, cookie: admin });
    await t.request(`/api/admin/tickets/${id}/status`, {
      method: "PUT",
      json: { status: "completed" },
      cookie: admin,
    });
    expect(outbox()).toHaveLength(0);
    const staff = await t.loginAs("staff");
    expect((await t.request("/api/admin/mail/settings", { cookie: staff })).status).toBe(403);
    const rows = t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "mail_settings")).all();
    expect(rows).toHaveLength(1);
  });

  test("health, test e-mail and retry of failed mail", async () => {
    const admin = await t.loginAs("admin");
    const test = await t.request("/api/admin/mail/test", { json: { to: "me@example.com" }, cookie: admin });
    expect(test.status).toBe(202);
    t.db.update(mailOutbox).set({ status: "failed", attempts: 10 }).run();
    const health = await (await t.request("/api/admin/mail/health", { cookie: admin })).json();
    expect(health.outbound).toMatchObject({ failed: 1, pending: 0 });
    expect(health.inbound).toMatchObject({ configured: false, lastPollAt: null });
    const retry = await t.request("/api/admin/mail/retry-failed", { json: {}, cookie: admin });
    expect((await retry.json()).count).toBe(1);
    expect(outbox()[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      kind: "test",
      recipients: "me@example.com",
    });
  });

  test("a deleted ticket's queued mail is sent without a link", async () => {
    const { id } = await submit(t);
    const row = outbox()[0]!;
    t.db.delete(tickets).where(eq(tickets.id, id)).run();
    expect(withPrivateLink(t.db, row, new Date()).textBody).toContain("(this ticket no longer exists)");
    expect(t.db.select().from(ticketNotes).all()).toHaveLength(0);
  });
});
