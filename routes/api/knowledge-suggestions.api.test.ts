// Suggestions are ranked once per search until an article changes: words that come to the same
// search are answered without ranking again, and any article write shows on the next suggestion.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";

let t: TestApp;
let admin: string;
const ranked: string[] = [];
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  const original = t.sqlite.query.bind(t.sqlite) as unknown as (sql: string) => Record<string, unknown>;
  (t.sqlite as unknown as Record<string, unknown>).query = (sql: string) => {
    const statement = original(sql);
    if (/bm25\(/.test(sql)) {
      const all = (statement.all as (...a: unknown[]) => unknown).bind(statement);
      statement.all = (...a: unknown[]) => {
        ranked.push(sql);
        return all(...a);
      };
    }
    return statement;
  };
});
afterEach(() => t.close());

const write = async (path: string, json: Record<string, unknown>, method = "POST") => {
  const res = await t.request(path, { method, cookie: admin, json });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as { id: number };
};
const suggest = async (q: string) => {
  const res = await t.request(`/api/help/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { articles: { title: string }[] }).articles.map((a) => a.title);
};

test("suggestions – one ranking per search until an article changes", async () => {
  const article = { status: "published", visibility: "public", category: "Printing" };
  const a = await write("/api/admin/kb/articles", {
    ...article,
    title: "Printer offline",
    body: "Check the cable.",
  });
  expect(await suggest("Grace says the printer stopped 1234")).toEqual(["Printer offline"]);
  ranked.length = 0;
  // another number comes to the same search: answered as kept
  expect(await suggest("Grace says the printer stopped 98765")).toEqual(["Printer offline"]);
  expect(ranked).toEqual([]);
  await write(
    `/api/admin/kb/articles/${a.id}`,
    { ...article, title: "Printer jammed", body: "Open tray 2." },
    "PUT",
  );
  expect(await suggest("Grace says the printer stopped 98765")).toEqual(["Printer jammed"]);
  expect(ranked.length).toBeGreaterThan(0);
});
