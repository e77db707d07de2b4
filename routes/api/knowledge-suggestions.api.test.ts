// Suggestions are ranked once per search until an article changes: words that come to the same
// search are answered without ranking again, a new search merges its words' kept postings without
// asking the word index to rank, and any article write shows on the next suggestion.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../src/testing/test-app";

let t: TestApp;
let admin: string;
const ranked: string[] = [];
const postings: string[] = [];
/** Notes each run of a statement whose text matches `pattern` into `into`. */
const watch = (method: "query" | "prepare", pattern: RegExp, into: string[]) => {
  const original = t.sqlite[method].bind(t.sqlite) as unknown as (sql: string) => Record<string, unknown>;
  (t.sqlite as unknown as Record<string, unknown>)[method] = (sql: string) => {
    const statement = original(sql);
    if (pattern.test(sql)) {
      const all = (statement.all as (...a: unknown[]) => unknown).bind(statement);
      statement.all = (...a: unknown[]) => {
        into.push(sql);
        return all(...a);
      };
    }
    return statement;
  };
};
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  ranked.length = 0;
  postings.length = 0;
  watch("query", /bm25\(/, ranked);
  watch("prepare", /kb_fts_instances/, postings);
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
  postings.length = 0;
  expect(await suggest("Grace says the printer stopped 98765")).toEqual(["Printer jammed"]);
  expect(postings.length).toBeGreaterThan(0);
});

test("suggestions – a new search ranks from its words' kept postings, never by the word index", async () => {
  const article = { status: "published", visibility: "public", category: "Printing" };
  for (const [title, body] of [
    ["Printer offline", "Check the printer cable and the network cable."],
    ["Printer toner", "Replace the printer toner cartridge."],
    ["Printer paper", "Load printer paper in tray 2."],
  ])
    await write("/api/admin/kb/articles", { ...article, title, body });
  expect(await suggest("the printer cable")).toEqual(["Printer offline", "Printer toner", "Printer paper"]);
  const read = postings.length;
  expect(await suggest("printer toner cartridge")).toEqual([
    "Printer toner",
    "Printer paper",
    "Printer offline",
  ]);
  expect(await suggest("toner and cable for the printer")).toHaveLength(3);
  expect(ranked).toEqual([]);
  // each word's postings read once: "toner" and "cartridge" were new, the rest kept
  expect(postings.length).toBe(read + 2);
});
