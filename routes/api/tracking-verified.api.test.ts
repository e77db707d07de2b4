import { afterEach, describe, expect, test } from "bun:test";
import { auditLogs, mailOutbox } from "../../db/schema";
import { withPrivateLink } from "../../src/conversation/link-at-send";
import { loggedPath } from "../../src/http/request-log";
import { createTestApp, type TestApp } from "../../src/testing/test-app";
import { file, form, submit, validTicket } from "../../src/tickets/tickets.fixtures";

let t: TestApp;
let clock = new Date("2026-03-02T10:00:00Z");
const verified = async (env: Record<string, string> = { PUBLIC_TRACKING: "verified" }) => {
  clock = new Date("2026-03-02T10:00:00Z");
  t = await createTestApp({ env: { PUBLIC_URL: "https://desk.example.com", ...env }, now: () => clock });
  return t;
};
afterEach(() => t.close());

/** Background mail work runs in the next shared commit: one more empty write waits for it. */
const settled = () => t.deps.groupCommit.run(() => 0);
const outbox = (kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .all()
    .filter((m) => m.kind === kind);
/** The link as the worker puts it into the e-mail at send time. */
const linkIn = (kind: string, pattern: RegExp) => {
  const row = outbox(kind).at(-1)!;
  return withPrivateLink(t.db, row, clock, t.config.publicUrl).textBody.match(pattern)![1]!;
};
const search = (type: string, query: string) => t.request("/api/tickets/search", { json: { type, query } });

describe("verified tracking – a ticket number alone", () => {
  test("shows only id, status, type, times and the masked requester", async () => {
    await verified();
    const { ticketId } = await submit(t);
    const res = await search("ticketId", ticketId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["message", "mode", "tickets"]);
    expect(Object.keys(body.tickets[0]).sort()).toEqual(
      ["createdAt", "requester", "status", "ticketId", "ticketType", "updatedAt"].sort(),
    );
    expect(body.tickets[0]).toMatchObject({ ticketId, status: "open", requester: "j•••@example.com" });
    const text = JSON.stringify(body);
    for (const secret of ["Jane", "Doe", "Room 12", "laptop", "Main Office", "4567"])
      expect(text).not.toContain(secret);
  });

  test("notes, files, downloads and uploads by number answer 404 like an unknown ticket", async () => {
    await verified();
    const { id } = await submit(t);
    const admin = await t.loginAs("admin");
    const staffFile = form([["file", file("a.txt", "hello")]]);
    const up = await t.request(`/api/admin/tickets/${id}/attachments`, { body: staffFile, cookie: admin });
    const attachmentId = ((await up.json()) as { id: number }).id;
    const unknown = await (await t.request("/api/tickets/999999/notes")).json();
    const calls: [string, RequestInit & { json?: unknown; body?: BodyInit }][] = [
      [`/api/tickets/${id}/notes`, {}],
      [
        `/api/tickets/${id}/notes`,
        { json: { note: "Hello there", userName: "X", userEmail: "x@example.com" } },
      ],
      [`/api/tickets/${id}/attachments`, {}],
      [`/api/tickets/${id}/attachments`, { body: form([["file", file("b.txt", "x")]]) }],
      [`/api/tickets/upload?ticketId=${id}`, { body: form([["files", file("c.txt", "x")]]) }],
    ];
    for (const [path, init] of calls) {
      const res = await t.request(path, init as never);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(unknown);
    }
    const download = await t.request(`/api/attachments/${attachmentId}/download`);
    expect(download.status).toBe(404);
    expect(await download.json()).toEqual(await (await t.request("/api/attachments/999999/download")).json());
  });

  test("'E-mail me the link' sends the private link to the address on file only, same answer for any number", async () => {
    await verified();
    const { ticketId } = await submit(t);
    const known = await t.request("/api/tickets/send-link", { json: { ticketId } });
    const unknown = await t.request("/api/tickets/send-link", { json: { ticketId: "WI-2026-999" } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    await settled();
    const sent = outbox("requester_link");
    expect(sent.map((m) => m.recipients)).toEqual(["jane.doe@example.com"]);
    const token = linkIn("requester_link", /\/t\/([a-z2-7]{32})/);
    expect((await t.request(`/api/t/${token}`)).status).toBe(200);
  });

  test("a stranger cannot mail-bomb the requester: a few links per address and hour, then silently none", async () => {
    await verified();
    const { ticketId } = await submit(t);
    for (let i = 0; i < 6; i++) {
      const res = await t.request("/api/tickets/send-link", { json: { ticketId } });
      expect(res.status).toBe(200);
    }
    await search("email", "jane.doe@example.com");
    await settled();
    expect(outbox("requester_link").length + outbox("requester_tickets").length).toBe(3);
  });
});

describe("verified tracking – by e-mail or phone", () => {
  test("known and unknown values get the same status and body; only a known address is mailed", async () => {
    await verified();
    await submit(t);
    const answers = [];
    for (const [type, query] of [
      ["email", "jane.doe@example.com"],
      ["email", "nobody@example.com"],
      ["phone", "555-123-4567"],
      ["phone", "555-000-0000"],
    ] as const) {
      const res = await search(type, query);
      answers.push([res.status, await res.text()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(JSON.parse(answers[0]![1] as string)).toEqual({
      mode: "verified",
      tickets: [],
      message: "If we have tickets for this, we have e-mailed a link.",
    });
    await settled();
    expect(outbox("requester_tickets").map((m) => m.recipients)).toEqual([
      "jane.doe@example.com",
      "jane.doe@example.com",
    ]);
  });

  test("known and unknown addresses answer in the same time (the lookup runs after the answer)", async () => {
    await verified();
    for (let i = 0; i < 20; i++) await submit(t, { email: `known${i}@example.com` });
    const time = async (query: string) => {
      const start = performance.now();
      await search("email", query);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 40; i++) {
      known.push(await time(`known${i % 20}@example.com`));
      unknown.push(await time(`stranger${i}@example.com`));
      await settled();
    }
    // The answer leaves before the lookup: nothing is queued when it arrives, the mail comes after.
    await submit(t, { email: "late@example.com" });
    await search("email", "late@example.com");
    const queuedAtAnswer = outbox("requester_tickets").length;
    await settled();
    expect(outbox("requester_tickets").length).toBe(queuedAtAnswer + 1);
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(1, median(unknown)));
  });
});

describe("verified tracking – My tickets", () => {
  test("the mailed link lists that address's tickets for an hour and opens each by a private link", async () => {
    await verified();
    const mine = await submit(t);
    await submit(t, { email: "other@example.com", description: "Somebody else's printer problem." });
    await search("email", "jane.doe@example.com");
    await settled();
    const token = linkIn("requester_tickets", /\/my-tickets\/([a-z2-7]{32})/);
    const res = await t.request(`/api/my-tickets/${token}`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.email).toBe("jane.doe@example.com");
    expect(list.tickets.map((x: { ticketId: string }) => x.ticketId)).toEqual([mine.ticketId]);
    const opened = await t.request(`/api/my-tickets/${token}/open`, { json: { ticketId: mine.ticketId } });
    const { privateLink } = await opened.json();
    const page = await t.request(`/api${privateLink}`);
    expect((await page.json()).ticket.description).toContain("laptop");
    const other = await t.request(`/api/my-tickets/${token}/open`, { json: { ticketId: "WI-2026-002" } });
    expect(other.status).toBe(404);

    const unknown = await t.request(`/api/my-tickets/${"a".repeat(32)}`);
    const unknownBody = await unknown.text();
    clock = new Date(clock.getTime() + 59 * 60_000);
    expect((await t.request(`/api/my-tickets/${token}`)).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60_000);
    for (const probe of [token, "not-a-token"]) {
      const res = await t.request(`/api/my-tickets/${probe}`);
      expect([res.status, await res.text()]).toEqual([404, unknownBody]);
    }
    expect(unknown.status).toBe(404);
  });
});

describe("verified tracking – the submitter's own browser", () => {
  test("the submit answer carries a working private link: view, reply and upload without e-mail", async () => {
    await verified();
    const res = await t.request("/api/tickets", {
      json: validTicket(),
    });
    expect(res.status).toBe(201);
    const { privateLink } = (await res.json()) as { privateLink: string };
    expect(privateLink).toMatch(/^\/t\/[a-z2-7]{32}$/);
    expect((await t.request(`/api${privateLink}`)).status).toBe(200);
    const up = await t.request(`/api${privateLink}/attachments`, {
      body: form([["files", file("a.txt", "hi")]]),
    });
    expect(up.status).toBe(201);
    const note = await t.request(`/api${privateLink}/notes`, { json: { note: "One more detail" } });
    expect(note.status).toBe(201);
    expect((await t.request(privateLink)).status).toBe(200);
  });
});

describe("tracking mode – settings", () => {
  test("a new install starts verified; Settings → Portal switches it, audited", async () => {
    await verified({ PUBLIC_TRACKING: "" });
    const admin = await t.loginAs("admin");
    expect(await (await t.request("/api/admin/portal", { cookie: admin })).json()).toEqual({
      tracking: "verified",
      setByEnvironment: false,
    });
    const { ticketId } = await submit(t);
    expect((await (await search("ticketId", ticketId)).json()).mode).toBe("verified");
    const put = await t.request("/api/admin/portal", {
      method: "PUT",
      json: { tracking: "open" },
      cookie: admin,
    });
    expect(await put.json()).toEqual({ tracking: "open", setByEnvironment: false });
    const body = await (await search("ticketId", ticketId)).json();
    expect(body.mode).toBeUndefined();
    expect(body.tickets[0].description).toContain("laptop");
    const audit = t.db
      .select()
      .from(auditLogs)
      .all()
      .filter((a) => a.entityType === "portal_settings");
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain("verified");
    const staff = await t.loginAs("staff");
    const refused = await t.request("/api/admin/portal", {
      method: "PUT",
      json: { tracking: "open" },
      cookie: staff,
    });
    expect(refused.status).toBe(403);
  });

  test("PUBLIC_TRACKING wins over the stored setting and makes it read-only", async () => {
    await verified({ PUBLIC_TRACKING: "verified" });
    const admin = await t.loginAs("admin");
    const put = await t.request("/api/admin/portal", {
      method: "PUT",
      json: { tracking: "open" },
      cookie: admin,
    });
    expect(put.status).toBe(409);
    expect((await put.json()).message).toContain("environment");
    expect(await (await t.request("/api/admin/portal", { cookie: admin })).json()).toEqual({
      tracking: "verified",
      setByEnvironment: true,
    });
  });
});

test("verified tracking – My tickets pages send no Referer and their tokens stay out of the logs", async () => {
  await verified();
  const res = await t.request(`/my-tickets/${"a".repeat(32)}`);
  expect(res.status).toBe(404);
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect((await t.request(`/api/my-tickets/${"a".repeat(32)}`)).headers.get("referrer-policy")).toBe(
    "no-referrer",
  );
  expect(loggedPath(`/api/my-tickets/${"a".repeat(32)}/open`)).toBe("/api/my-tickets/…/open");
});
