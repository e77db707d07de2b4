import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { ReadCache } from "../../db/read-cache";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { createArticle, deleteArticle, updateArticle } from "./articles.service";
import { keptSearch, searchArticles } from "./articles.search";

// Suggestions rank from postings kept per articles version: the same order as the word index's own
// ranking, and any article change shows on the very next suggestion.
const dir = mkdtempSync(join(tmpdir(), "helpdesk-kb-ranking-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
runMigrations(db);
const cache = new ReadCache(sqlite);
const ctx = { db, actor: SYSTEM_ACTOR, now: new Date() };

let seed = 5;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const TOPICS = ["printer", "printing", "laptop", "password", "resetting", "monitor", "scanner", "toner"];
const FILLER = ["cable", "tray", "screen", "driver", "update", "office", "network", "badge", "desk", "light"];
const words = [...TOPICS, ...FILLER, ...Array.from({ length: 60 }, (_, i) => `word${i}x`)];
// a few words common to many articles, most rare, as in real text
const zipf = () =>
  words[Math.min(words.length - 1, Math.floor(Math.exp(random() * Math.log(words.length))) - 1)]!;
const text = (n: number) => Array.from({ length: n }, zipf).join(" ");
const suggest = (q: string) =>
  keptSearch(cache, db, q, { audience: "public", limit: 3, excerpts: false }).map((a) => a.title);

test("the kept postings rank as the word index does, for the portal and for staff", () => {
  for (let i = 0; i < 300; i++)
    createArticle(ctx, {
      title: `${text(3)} ${i}`,
      body: text(20 + Math.floor(random() * 200)),
      category: i % 3 ? "Printing" : "Accounts",
      visibility: i % 7 === 0 ? "staff" : "public",
      status: i % 11 === 0 ? "draft" : "published",
    });
  let compared = 0;
  for (let i = 0; i < 300; i++) {
    const q = `Grace says the ${zipf()} and ${zipf()} stopped after ${zipf()} ${i}`;
    for (const opts of [
      { audience: "public", limit: 3 },
      { audience: "staff", limit: 20 },
      { audience: "public", limit: 10, category: "Accounts" },
    ] as const) {
      const byIndex = searchArticles(db, q, { ...opts, excerpts: false }).map((a) => a.id);
      const kept = keptSearch(cache, db, q, { ...opts, excerpts: false }).map((a) => a.id);
      expect(kept).toEqual(byIndex);
      compared += byIndex.length;
    }
  }
  expect(compared).toBeGreaterThan(1000);
});

test("a changed, unpublished or deleted article leaves the suggestions at once", () => {
  const published = { category: "", visibility: "public", status: "published" } as const;
  const a = createArticle(ctx, { ...published, title: "Kiosk frozen", body: "Restart the kiosk." });
  const b = createArticle(ctx, { ...published, title: "Kiosk paper", body: "Refill the kiosk roll." });
  expect(suggest("the kiosk is frozen")).toEqual(["Kiosk frozen", "Kiosk paper"]);
  updateArticle(ctx, a.id, {
    ...published,
    status: "draft",
    title: "Kiosk frozen",
    body: "Restart the kiosk.",
  });
  expect(suggest("the kiosk is frozen")).toEqual(["Kiosk paper"]);
  updateArticle(ctx, b.id, { ...published, title: "Till paper", body: "Refill the till roll." });
  expect(suggest("the kiosk is frozen")).toEqual([]);
  updateArticle(ctx, a.id, { ...published, title: "Kiosk frozen", body: "Restart the kiosk." });
  expect(suggest("the kiosk is frozen")).toEqual(["Kiosk frozen"]);
  deleteArticle(ctx, a.id);
  expect(suggest("the kiosk is frozen")).toEqual([]);
});
