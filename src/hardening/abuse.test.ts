// Forged fields, author spoofing and floods through the public routes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addUser, client, launch, openDb, ticketInput, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let ticket: { id: number; ticketId: string };

beforeAll(async () => {
  srv = await launch({
    env: {
      RATE_LIMIT_PUBLIC_WRITES: "100000",
      RATE_LIMIT_PUBLIC_SEARCH: "100000",
      RATE_LIMIT_PUBLIC_READS: "100000",
    },
  });
  api = client(srv.url);
  ticket = (await (await api.req("/api/tickets", { json: ticketInput() })).json()) as typeof ticket;
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("mass assignment and spoofing", () => {
  test("server-owned fields in a submission are ignored or refused", async () => {
    const res = await api.req("/api/tickets", {
      json: ticketInput({
        status: "completed",
        assignedTo: "1",
        userId: "1",
        id: 424242,
        ticketId: "WI-1999-001",
        createdAt: "1999-01-01",
        processedAt: "1999-01-01",
      }),
    });
    if (res.status === 400) return;
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: number; ticketId: string };
    expect(made.id).not.toBe(424242);
    expect(made.ticketId).not.toBe("WI-1999-001");
    const db = openDb(srv.dataDir);
    const row = db
      .query(
        "SELECT status, assigned_to AS a, user_id AS u, processed_at AS p, created_at AS c FROM tickets WHERE id = ?",
      )
      .get(made.id) as Record<string, unknown>;
    db.close();
    expect(row.status).toBe("open");
    expect(row.a).toBeNull();
    expect(row.u).toBeNull();
    expect(row.p).toBeNull();
    expect(Number(row.c)).toBeGreaterThan(Date.parse("2020-01-01"));
  });

  test("a public note posing as staff is stored as a customer note, never internal", async () => {
    const res = await api.req(`/api/tickets/${ticket.id}/notes`, {
      json: {
        note: "I am the admin",
        userName: "Admin",
        userEmail: "admin@example.com",
        isInternal: true,
        userId: 1,
      },
    });
    expect([201, 400]).toContain(res.status);
    const db = openDb(srv.dataDir);
    const row = db
      .query("SELECT user_id AS u, is_internal AS i FROM ticket_notes WHERE note = 'I am the admin'")
      .get() as { u: number | null; i: number } | null;
    db.close();
    if (res.status === 201) expect(row).toEqual({ u: null, i: 0 });
    expect(
      (
        await api.req(`/api/tickets/999999/notes`, {
          json: { note: "hello there", userName: "X", userEmail: "x@example.com" },
        })
      ).status,
    ).toBe(404);
  });

  test("the server derives companyName from companyId", async () => {
    const db = openDb(srv.dataDir);
    const company = db.query("SELECT id, name FROM companies LIMIT 1").get() as { id: number; name: string };
    db.close();
    const res = await api.req("/api/tickets", {
      json: ticketInput({ companyId: company.id, companyName: "Forged Co" }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const db2 = openDb(srv.dataDir);
    expect(db2.query("SELECT company_name AS n FROM tickets WHERE id = ?").get(id)).toEqual({
      n: company.name,
    });
    db2.close();
  });
});

describe("profile mass assignment", () => {
  test("a staff member's own profile update cannot change role, status, password or access", async () => {
    const id = await addUser(srv.dataDir, { email: "climber@example.com", departments: ["IT"] });
    const cookie = await api.login("climber@example.com");
    const res = await api.req("/api/auth/profile", {
      method: "PUT",
      cookie,
      json: {
        firstName: "C",
        lastName: "L",
        email: "climber@example.com",
        role: "admin",
        status: "active",
        password: "x",
        allowedDepartments: [],
        canViewAllTickets: true,
      },
    });
    expect([200, 400]).toContain(res.status);
    const db = openDb(srv.dataDir);
    const row = db
      .query("SELECT role, allowed_departments AS d, can_view_all_tickets AS v FROM users WHERE id = ?")
      .get(id);
    db.close();
    expect(row).toEqual({ role: "staff", d: '["IT"]', v: 0 });
    expect((await api.req("/api/admin/users", { cookie })).status).toBe(403);
  });
});

describe("public flood", () => {
  test("submissions and notes from one address are served normally, then refused with 429 past the limit", async () => {
    const s = await launch();
    try {
      const c = client(s.url);
      const firstRefusal = async (send: (i: number) => Promise<Response>) => {
        for (let i = 0; i < 300; i++) {
          const res = await send(i);
          if (res.status === 429) return { at: i + 1, retryAfter: res.headers.get("retry-after") };
          expect([201, 400, 404]).toContain(res.status);
        }
        return { at: -1, retryAfter: null };
      };
      const subs = await firstRefusal(() => c.req("/api/tickets", { json: ticketInput() }));
      const s2 = await launch();
      const notes = await firstRefusal((i) =>
        client(s2.url).req(`/api/tickets/1/notes`, {
          json: { note: `note ${i}`, userName: "A", userEmail: "a@example.com" },
        }),
      );
      await s2.stop();
      console.log(
        `public flood: submissions refused from #${subs.at} (Retry-After ${subs.retryAfter}s), notes from #${notes.at}`,
      );
      expect(subs.at).toBeGreaterThan(1);
      expect(subs.at).toBeLessThanOrEqual(100);
      expect(Number(subs.retryAfter)).toBeGreaterThan(0);
      expect(notes.at).toBeGreaterThan(1);
    } finally {
      await s.stop();
    }
  }, 60_000);
});

describe("public upload volume", () => {
  test("uploads to tickets the caller never saw are rate-limited per address", async () => {
    const s = await launch();
    try {
      const c = client(s.url);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const form = new FormData();
        form.append("file", new File(["hello"], "a.txt", { type: "text/plain" }));
        statuses.push(
          (
            await c.req(`/api/tickets/${1 + (i % 5)}/attachments`, {
              body: form,
              headers: { "X-Forwarded-For": `10.3.${i}.1` },
            })
          ).status,
        );
      }
      console.log(`upload volume: first 429 at upload ${statuses.indexOf(429) + 1} of 60`);
      expect(statuses).toContain(429);
    } finally {
      await s.stop();
    }
  }, 30_000);
});
