import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { auditLogs, mailOutbox, webhookDeliveries, webhooks } from "../../db/schema";
import { withPrivateLink } from "../../src/conversation/link-at-send";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { submit } from "../../src/tickets/tickets.fixtures";
import { RATING_CHANGEABLE_MS } from "../../src/satisfaction/ratings.service";

let t: TestApp;
let clock: number;
beforeEach(async () => {
  clock = Date.parse("2026-03-02T10:00:00Z");
  t = await createTestApp({ env: { PUBLIC_URL: "https://desk.example.com" }, now: () => new Date(clock) });
});
afterEach(() => t.close());

/** Completes a ticket and returns the private link's token from the "resolved" e-mail, as the requester gets it. */
async function completed(over: Record<string, unknown> = {}) {
  const { id, ticketId } = await submit(t, over);
  const admin = await t.loginAs("admin");
  const res = await t.request(`/api/admin/tickets/${id}/status`, {
    method: "PUT",
    json: { status: "completed" },
    cookie: admin,
  });
  expect(res.status).toBe(200);
  const row = t.db
    .select()
    .from(mailOutbox)
    .all()
    .filter((m) => m.kind === "requester_status")
    .at(-1)!;
  const sent = withPrivateLink(t.db, row, new Date(clock), t.config.publicUrl);
  return { id, ticketId, admin, sent, token: sent.textBody.match(/\/t\/([a-z2-7]{32})/)![1]! };
}
const rate = (token: string, json: unknown) => t.request(`/api/t/${token}/rating`, { method: "PUT", json });

describe("satisfaction", () => {
  test("the resolved e-mail asks How did we do? with one link per answer to the private page", async () => {
    const { sent, token } = await completed();
    expect(sent.textBody).toContain("How did we do?");
    for (const r of ["good", "okay", "bad"])
      expect(sent.textBody).toContain(`https://desk.example.com/t/${token}?rate=${r}`);
    expect(sent.htmlBody).toContain(`/t/${token}?rate=bad`);
  });

  test("without a public address the e-mail does not ask: its links could not be clicked", async () => {
    t.close();
    t = await createTestApp({ now: () => new Date(clock) });
    const { sent } = await completed();
    expect(sent.textBody).toContain("We marked your ticket");
    expect(sent.textBody).not.toContain("How did we do?");
    expect(sent.textBody).not.toContain("?rate=");
  });

  test("one answer per ticket, changeable for seven days, with an optional comment; shown to staff in scope", async () => {
    const { id, token, admin } = await completed();
    expect((await rate(token, { rating: "bad" })).status).toBe(200);
    const res = await rate(token, { rating: "okay", comment: "Slow, but fixed" });
    expect(((await res.json()) as { rating: { rating: string; comment: string } }).rating).toMatchObject({
      rating: "okay",
      comment: "Slow, but fixed",
    });
    const staff = await (await t.request(`/api/admin/satisfaction/tickets/${id}`, { cookie: admin })).json();
    expect(staff).toMatchObject({ rating: { rating: "okay", comment: "Slow, but fixed" } });
    const other = await t.loginAs("staff", { email: "hr@example.com", allowedDepartments: ["HR"] });
    expect((await t.request(`/api/admin/satisfaction/tickets/${id}`, { cookie: other })).status).toBe(404);
    clock += RATING_CHANGEABLE_MS + 1000;
    const late = await rate(token, { rating: "good" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("can no longer be changed");
    const audit = t.db
      .select()
      .from(auditLogs)
      .all()
      .filter((a) => a.action === "ticket_rated");
    expect(audit).toHaveLength(2);
  });

  test("an open ticket cannot be rated; a bad answer or token gets a clear 4xx", async () => {
    const { token, id, admin } = await completed();
    await t.request(`/api/admin/tickets/${id}/status`, {
      method: "PUT",
      json: { status: "open" },
      cookie: admin,
    });
    const open = await rate(token, { rating: "good" });
    expect(open.status).toBe(409);
    expect(await open.text()).toContain("once it is completed");
    expect((await rate(token, { rating: "great" })).status).toBe(400);
    expect((await rate("a".repeat(32), { rating: "good" })).status).toBe(404);
  });

  test("a rating reaches webhooks as ticket.rated in the same transaction", async () => {
    t.db
      .insert(webhooks)
      .values({
        url: "https://hooks.example.com/x",
        events: "ticket.rated",
        secret: "whsec_x",
        active: true,
        createdAt: new Date(clock),
        updatedAt: new Date(clock),
      })
      .run();
    const { token, ticketId } = await completed();
    await rate(token, { rating: "good", comment: "Thanks!" });
    const rated = t.db
      .select()
      .from(webhookDeliveries)
      .all()
      .filter((d) => d.event === "ticket.rated");
    expect(rated).toHaveLength(1);
    expect(JSON.parse(rated[0]!.payload)).toMatchObject({
      ticket: { id: ticketId },
      rating: { rating: "good", comment: "Thanks!" },
    });
  });

  test("figures by agent, department and type, within the viewer's scope", async () => {
    const a = await completed({ department: "IT" });
    const b = await completed({ department: "Finance" });
    await rate(a.token, { rating: "good" });
    await rate(b.token, { rating: "bad" });
    const range = "from=2026-03-01&to=2026-03-03";
    const all = await (await t.request(`/api/admin/satisfaction?${range}`, { cookie: a.admin })).json();
    expect(all).toMatchObject({ total: { good: 1, okay: 0, bad: 1 } });
    expect((all as { byDepartment: { name: string }[] }).byDepartment.map((d) => d.name)).toEqual([
      "Finance",
      "IT",
    ]);
    const it = await t.loginAs("staff", { email: "it@example.com", allowedDepartments: ["IT"] });
    const scoped = await (await t.request(`/api/admin/satisfaction?${range}`, { cookie: it })).json();
    expect(scoped).toMatchObject({
      total: { good: 1, okay: 0, bad: 0 },
      byDepartment: [{ name: "IT", good: 1 }],
    });
    expect(
      (await t.request("/api/admin/satisfaction?from=2026-03-03&to=2026-03-01", { cookie: it })).status,
    ).toBe(400);
  });
});
