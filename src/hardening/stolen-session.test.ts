// What a stolen staff session cannot do: guess the password freely, move the sign-in e-mail, or harvest e-mails.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addUser, client, launch, ticketInput, type Server } from "./harness";

let srv: Server;
let api: ReturnType<typeof client>;
let n = 0;
/** A fresh staff member who sees every ticket, signed in from an address of their own. */
async function staff() {
  const email = `thief${++n}@example.com`;
  const from = { "X-Forwarded-For": `10.66.0.${n}` };
  await addUser(srv.dataDir, { email, all: true });
  return { email, from, cookie: await api.login(email, "password123", from) };
}

/** Statuses of 25 wrong guesses, sent one after another. */
async function guesses(send: (i: number) => Promise<Response>) {
  const out: number[] = [];
  for (let i = 0; i < 25; i++) out.push((await send(i)).status);
  return out;
}

beforeAll(async () => {
  srv = await launch({ env: { TRUST_PROXY: "true", RATE_LIMIT_PUBLIC_WRITES: "1000" } });
  api = client(srv.url);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("password guessing through a signed-in session", () => {
  test("wrong current passwords on the password change share the sign-in budget", async () => {
    const s = await staff();
    const statuses = await guesses((i) =>
      api.req("/api/auth/password", {
        method: "PUT",
        cookie: s.cookie,
        headers: s.from,
        json: { currentPassword: `guess-${i}`, newPassword: "taken-over" },
      }),
    );
    console.log(`25 wrong current passwords: first 429 at attempt ${statuses.indexOf(429) + 1}`);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The same budget: signing in to that account waits too, even from elsewhere.
    const login = await api.req("/api/login", {
      json: { email: s.email, password: "password123" },
      headers: { "X-Forwarded-For": "10.67.0.1" },
    });
    expect(login.status).toBe(429);
  });

  test("wrong passwords on ticket deletion share it as well, and nothing is deleted", async () => {
    const s = await staff();
    const ticket = (await (await api.req("/api/tickets", { json: ticketInput() })).json()) as { id: number };
    const statuses = await guesses((i) =>
      api.req(`/api/admin/tickets/${ticket.id}`, {
        method: "DELETE",
        cookie: s.cookie,
        headers: s.from,
        json: { password: `guess-${i}` },
      }),
    );
    console.log(`25 wrong delete passwords: first 429 at attempt ${statuses.indexOf(429) + 1}`);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await api.req(`/api/admin/tickets/${ticket.id}`, { cookie: s.cookie })).status).toBe(200);
  });
});

describe("sign-in e-mail", () => {
  test("changing it needs the current password (or one re-entered lately); names alone do not", async () => {
    const s = await staff();
    const put = (json: Record<string, unknown>) =>
      api.req("/api/auth/profile", { method: "PUT", cookie: s.cookie, headers: s.from, json });
    const names = { firstName: "Still", lastName: "Me" };
    const bare = await put({ ...names, email: "attacker@example.com" });
    expect([bare.status, (await bare.json()).code]).toEqual([403, "reauth_required"]);
    expect((await put({ ...names, email: "attacker@example.com", currentPassword: "nope" })).status).toBe(
      400,
    );
    expect((await put({ ...names, email: s.email })).status).toBe(200);
    const moved = await put({ ...names, email: `moved-${s.email}`, currentPassword: "password123" });
    expect(moved.status).toBe(200);
  });
});

describe("assignee list", () => {
  test("staff get names and ids, never the sign-in e-mails of everyone", async () => {
    const s = await staff();
    const res = await api.req("/api/admin/tickets/assignees", { cookie: s.cookie });
    expect(res.status).toBe(200);
    const people = (await res.json()) as Record<string, unknown>[];
    expect(people.length).toBeGreaterThan(1);
    expect(JSON.stringify(people)).not.toContain("@");
    expect(Object.keys(people[0] ?? {}).sort()).toEqual(["firstName", "id", "lastName"]);
  });
});
