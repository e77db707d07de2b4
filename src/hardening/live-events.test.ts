// The live stream: scope on every kind of change, sessions ending, resume after a reconnect, the cap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, addUser, client, launch, openDb, ticketInput, type Server } from "./harness";
import { openStream } from "../testing/sse-client";

let srv: Server;
let api: ReturnType<typeof client>;
let admin: string;
let n = 0;

beforeAll(async () => {
  srv = await launch({ env: { RATE_LIMIT_PUBLIC_WRITES: "100000" } });
  api = client(srv.url);
  admin = await api.login(ADMIN.email, ADMIN.password);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

const staff = async (over: { departments?: string[]; status?: "active" } = {}) => {
  const email = `live${++n}@example.com`;
  const id = await addUser(srv.dataDir, { email, ...over });
  return { id, cookie: await api.login(email) };
};
const submit = async (department: string) => {
  const res = await api.req("/api/tickets", { json: ticketInput({ department }) });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id?: number; ticket?: { id: number } };
  return body.ticket?.id ?? body.id!;
};
const put = (id: number, what: string, json: unknown, headers: Record<string, string> = {}) =>
  api.req(`/api/admin/tickets/${id}/${what}`, { method: "PUT", cookie: admin, json, headers });

describe("live events – scope", () => {
  test("staff limited to one department learn nothing of another department's ticket", async () => {
    const it = await staff({ departments: ["IT"] });
    const mine = await openStream(srv.url, it.cookie);
    const everything = await openStream(srv.url, admin);
    const other = await submit("Finance");
    expect((await put(other, "status", { status: "in_progress" })).status).toBe(200);
    const note = await api.req(`/api/admin/tickets/${other}/notes`, {
      cookie: admin,
      json: { note: "secret", isInternal: true },
    });
    expect(note.status).toBe(201);
    const form = new FormData();
    form.append("file", new File(["hello"], "a.txt", { type: "text/plain" }));
    const up = await api.req(`/api/admin/tickets/${other}/attachments`, { cookie: admin, body: form });
    expect(up.status).toBe(201);
    // Someone else viewing it is not news either.
    expect(
      (await api.req("/api/admin/events/presence", { cookie: admin, json: { ticketId: other } })).status,
    ).toBe(200);
    const del = await api.req(`/api/admin/tickets/${other}`, {
      method: "DELETE",
      cookie: admin,
      json: { password: ADMIN.password },
    });
    expect(del.status).toBe(200);
    // A ticket of their own department afterwards, so the stream is known to be flowing.
    const own = await submit("IT");
    await everything.waitFor((e) => e.some((x) => (x.data as { ticketId?: number })?.ticketId === own));
    await mine.waitFor((e) => e.some((x) => (x.data as { ticketId?: number })?.ticketId === own));
    const kinds = everything.of("ticket").map((e) => (e.data as { kind: string }).kind);
    expect(kinds).toEqual(["created", "changed", "note", "file", "deleted", "created"]);
    expect(everything.of("presence").length).toBe(1);
    const seen = mine.events.filter((e) => e.event !== "ready");
    expect(seen.map((e) => e.data)).toEqual([{ kind: "created", ticketId: own }]);
    expect(JSON.stringify(mine.events)).not.toContain(`"ticketId":${other}`);
    mine.close();
    everything.close();
  }, 20_000);

  test("a ticket moved out of a staff member's department is removed from their view", async () => {
    const it = await staff({ departments: ["IT"] });
    const id = await submit("IT");
    const s = await openStream(srv.url, it.cookie);
    const db = openDb(srv.dataDir);
    db.query("UPDATE tickets SET department = 'Finance' WHERE id = ?").run(id); // any writer, not only the API
    db.close();
    await s.waitFor((e) => e.some((x) => x.event === "ticket"));
    expect(s.of("ticket").map((e) => e.data)).toEqual([{ kind: "removed", ticketId: id }]);
    s.close();
  });

  test("a suspended user's stream ends within a second", async () => {
    const u = await staff();
    const s = await openStream(srv.url, u.cookie);
    expect(s.status).toBe(200);
    const res = await api.req(`/api/admin/users/${u.id}/status`, {
      method: "PUT",
      cookie: admin,
      json: { status: "suspended" },
    });
    const at = Date.now();
    if (res.status !== 200) {
      const db = openDb(srv.dataDir);
      db.query("UPDATE users SET status = 'suspended' WHERE id = ?").run(u.id);
      db.close();
    }
    await s.closed;
    expect(Date.now() - at).toBeLessThan(1000);
  });

  test("a signed-out user's stream ends within a second", async () => {
    const u = await staff();
    const s = await openStream(srv.url, u.cookie);
    expect(s.status).toBe(200);
    const at = Date.now();
    await api.req("/api/logout", { cookie: u.cookie });
    await s.closed;
    expect(Date.now() - at).toBeLessThan(1000);
  });
});

describe("live events – a changed scope applies to the next event", () => {
  for (const workers of [1, 2]) {
    test(`staff moved from IT to HR get nothing more of IT tickets (${workers} process(es))`, async () => {
      const server =
        workers === 1 ? srv : await launch({ workers, env: { RATE_LIMIT_PUBLIC_WRITES: "100000" } });
      try {
        const c = client(server.url);
        const boss = workers === 1 ? admin : await c.login(ADMIN.email, ADMIN.password);
        const email = `moved${workers}@example.com`;
        const id = await addUser(server.dataDir, { email, departments: ["IT"] });
        const s = await openStream(server.url, await c.login(email));
        const open = async (department: string) => {
          const res = await c.req("/api/tickets", { json: ticketInput({ department }) });
          const body = (await res.json()) as { id?: number; ticket?: { id: number } };
          return body.ticket?.id ?? body.id!;
        };
        const change = async (ticket: string | number, priority: string) => {
          const res = await c.req(`/api/admin/tickets/${ticket}/priority`, {
            method: "PUT",
            cookie: boss,
            json: { priority },
          });
          expect(res.status).toBe(200);
        };
        const access = (departments: string[]) =>
          c.req(`/api/admin/users/${id}/access`, {
            method: "PUT",
            cookie: boss,
            json: { allowedDepartments: departments, allowedCompanies: [] },
          });
        const [it, hr] = [await open("IT"), await open("Human Resources")];
        const seen = (ticket: number, priority: string) =>
          s.waitFor((e) =>
            e.some((x) => {
              const d = x.data as { ticketId?: number; ticket?: { priority: string } };
              return d?.ticketId === ticket && d.ticket?.priority === priority;
            }),
          );
        for (let round = 0; round < 3; round++) {
          // A change the viewer sees, so a send (and any check of theirs) has just happened.
          await change(it, "high");
          await seen(it, "high");
          s.events.length = 0;
          expect((await access(["Human Resources"])).status).toBe(200);
          await change(it, "urgent");
          await change(hr, round % 2 ? "low" : "high"); // now theirs: shows the stream is flowing
          await seen(hr, round % 2 ? "low" : "high");
          expect(s.events.filter((x) => (x.data as { ticketId?: number })?.ticketId === it)).toEqual([]);
          expect((await access(["IT"])).status).toBe(200);
          await change(it, "medium");
          await seen(it, "medium");
        }
        s.close();
      } finally {
        if (server !== srv) await server.stop();
      }
    }, 60_000);
  }
});

describe("live events – resume and limits", () => {
  test("reconnecting with Last-Event-ID replays exactly the changes missed", async () => {
    const id = await submit("IT");
    const first = await openStream(srv.url, admin);
    await put(id, "priority", { priority: "high" });
    await first.waitFor((e) => e.some((x) => x.event === "ticket"));
    const last = first.lastId()!;
    first.close();
    const statuses = ["in_progress", "open"];
    for (let i = 0; i < 20; i++)
      expect((await put(id, "status", { status: statuses[i % 2] })).status).toBe(200);
    const again = await openStream(srv.url, admin, last);
    await again.waitFor((e) => e.filter((x) => x.event === "ticket").length >= 20);
    await Bun.sleep(200);
    const replayed = again.of("ticket");
    expect(replayed.length).toBe(20);
    expect(replayed.map((e) => Number(e.id))).toEqual(
      Array.from({ length: 20 }, (_, i) => Number(last) + 1 + i),
    );
    again.close();
  });

  test("an id older than the log asks the client to reload", async () => {
    const db = openDb(srv.dataDir);
    const { lo } = db.query("SELECT min(id) AS lo FROM ticket_changes").get() as { lo: number };
    db.query("DELETE FROM ticket_changes WHERE id = ?").run(lo); // as pruning would
    db.close();
    const s = await openStream(srv.url, admin, String(lo - 1));
    await s.waitFor((e) => e.some((x) => x.event === "reload"));
    s.close();
  });

  test("a user may hold five streams; the sixth is refused with 429", async () => {
    const u = await staff();
    const open = await Promise.all(Array.from({ length: 5 }, () => openStream(srv.url, u.cookie)));
    const sixth = await openStream(srv.url, u.cookie);
    expect(sixth.status).toBe(429);
    for (const s of open) s.close();
  });

  test("without a session the stream is refused", async () => {
    expect((await api.req("/api/admin/events")).status).toBe(401);
  });
});
