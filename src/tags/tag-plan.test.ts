import { afterEach, beforeEach, expect, test } from "bun:test";
import { ReadCache } from "../../db/read-cache";
import { createTestApp, type TestApp } from "../testing/test-app";
import { insertTicket } from "../tickets/admin-tickets.fixtures";
import { rarestTagFirst, walkTags } from "./tag-plan";

let t: TestApp;
beforeEach(async () => (t = await createTestApp()));
afterEach(() => t.close());
const reads = () => ({ db: t.db, cache: new ReadCache(t.sqlite) });

test("tags on many tickets are walked, rare ones read from their range; both list the same tickets, newest first", async () => {
  const admin = await t.loginAs("admin");
  const ids = Array.from(
    { length: 400 },
    (_, i) => insertTicket(t, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }).id,
  );
  const tag = (name: string, every: number) =>
    Promise.all(
      ids
        .filter((_, i) => i % every === 0)
        .map((id) =>
          t.request(`/api/admin/tickets/${id}/tags`, {
            cookie: admin,
            method: "PUT",
            json: { tags: [name] },
          }),
        ),
    );
  await tag("common", 1);
  await tag("rare", 100); // replaces "common" on those tickets
  await tag("single", 400); // on the oldest ticket only: under the share a walk needs
  const plans = [["common"], ["rare"], ["single"]].map((names) => walkTags(reads(), names, "any", 100));
  expect(plans).toEqual([true, true, false]);
  const page = async (q: string) =>
    (await (await t.request(`/api/admin/tickets?${q}`, { cookie: admin })).json()) as {
      tickets: { id: number }[];
      total: number;
    };
  const common = await page("tags=common&limit=100");
  const expected = ids.filter((_, i) => i % 100 !== 0).reverse();
  expect([common.tickets.map((x) => x.id), common.total]).toEqual([expected.slice(0, 100), 396]);
  const rare = await page("tags=rare&limit=100");
  expect([rare.tickets.map((x) => x.id), rare.total]).toEqual([
    ids.filter((_, i) => i % 100 === 0 && i > 0).reverse(),
    3,
  ]);
  const single = await page("tags=single&limit=100");
  expect([single.tickets.map((x) => x.id), single.total]).toEqual([[ids[0]!], 1]);
  const both = await page("tags=common,rare&limit=100");
  expect(both.tickets.map((x) => x.id)).toEqual([...ids].reverse().slice(0, 100));
});

test("a tags-only total is read from the tags alone and equals the tickets counted one by one", async () => {
  const admin = await t.loginAs("admin");
  const ids = Array.from({ length: 300 }, () => insertTicket(t).id);
  const tagged: Record<string, number[]> = { red: [], blue: [], green: [] };
  for (const [i, id] of ids.entries()) {
    const names = [i % 2 === 0 && "red", i % 3 === 0 && "blue", i % 50 === 0 && "green"].filter(
      (n): n is string => Boolean(n),
    );
    if (!names.length) continue;
    for (const n of names) tagged[n]!.push(id);
    await t.request(`/api/admin/tickets/${id}/tags`, { cookie: admin, method: "PUT", json: { tags: names } });
  }
  const count = (names: string[], all: boolean) =>
    new Set(
      all
        ? tagged[names[0]!]!.filter((id) => names.every((n) => tagged[n]!.includes(id)))
        : names.flatMap((n) => tagged[n]!),
    ).size;
  for (const [q, names, all] of [
    ["tags=red", ["red"], false],
    ["tags=red,blue", ["red", "blue"], false],
    ["tags=red,blue&tagsMode=all", ["red", "blue"], true],
    ["tags=red,blue,green&tagsMode=all", ["red", "blue", "green"], true],
    ["tags=red,nosuch&tagsMode=all", ["red", "nosuch"], true],
  ] as const) {
    const res = await t.request(`/api/admin/tickets?${q}&limit=5`, { cookie: admin });
    const body = (await res.json()) as { total: number };
    const expected = (names as readonly string[]).includes("nosuch") ? 0 : count([...names], all);
    expect([q, body.total]).toEqual([q, expected]);
  }
});

test("`all` is planned from the tags the newest tickets share: one tag within another walks, two apart do not", async () => {
  const admin = await t.loginAs("admin");
  const ids = Array.from({ length: 300 }, () => insertTicket(t).id);
  for (const [i, id] of ids.entries()) {
    // "wide" on every ticket, "narrow" on every 2nd (all within "wide"), "east" and "west" never together
    const names = ["wide", i % 2 === 0 && "narrow", i % 2 === 0 ? "east" : "west"].filter((n): n is string =>
      Boolean(n),
    );
    await t.request(`/api/admin/tickets/${id}/tags`, { cookie: admin, method: "PUT", json: { tags: names } });
  }
  // two tags each on half the tickets: as if independent a quarter carry both; here the narrow half does
  expect(walkTags(reads(), ["wide", "narrow"], "all", 100)).toBe(true);
  expect(walkTags(reads(), ["east", "west"], "all", 100)).toBe(false);
  expect(rarestTagFirst(reads(), { tags: ["wide", "narrow"], tagsMode: "all" as const }).tags).toEqual([
    "narrow",
    "wide",
  ]);
  const page = async (q: string) =>
    (await (await t.request(`/api/admin/tickets?${q}&limit=100`, { cookie: admin })).json()) as {
      tickets: { id: number }[];
      total: number;
    };
  const both = await page("tags=wide,narrow&tagsMode=all");
  expect([both.tickets.map((x) => x.id), both.total]).toEqual([
    ids
      .filter((_, i) => i % 2 === 0)
      .reverse()
      .slice(0, 100),
    150,
  ]);
  expect(await page("tags=east,west&tagsMode=all")).toMatchObject({ tickets: [], total: 0 });
});

test("the tags' sample is read once until a write, then again: the rarest tag follows the data", async () => {
  const admin = await t.loginAs("admin");
  const ids = Array.from({ length: 20 }, () => insertTicket(t).id);
  const tag = (id: number, tags: string[]) =>
    t.request(`/api/admin/tickets/${id}/tags`, { cookie: admin, method: "PUT", json: { tags } });
  for (const [i, id] of ids.entries()) await tag(id, i < 5 ? ["red", "blue"] : ["blue"]);
  const r = { db: t.db, cache: new ReadCache(t.sqlite) };
  const order = () => rarestTagFirst(r, { tags: ["blue", "red"], tagsMode: "all" as const }).tags;
  expect(order()).toEqual(["red", "blue"]);
  for (const id of ids.slice(5)) await tag(id, ["red"]);
  expect(order()).toEqual(["blue", "red"]);
});
