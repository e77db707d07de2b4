import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { createArticle, deleteArticle, updateArticle } from "./articles.service";
import { searchArticles } from "./articles.search";

const dir = mkdtempSync(join(tmpdir(), "helpdesk-kb-words-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { db, sqlite } = openDatabase(join(dir, "helpdesk.sqlite"));
runMigrations(db);
const ctx = { db, actor: SYSTEM_ACTOR, now: new Date() };
const article = (title: string, body: string) =>
  ({ title, body, category: "", visibility: "public", status: "published" }) as const;

test("the word counts equal the article index's own after articles are written, changed and deleted", () => {
  const a = createArticle(ctx, article("Printer jams", "The printer jams when copying **badges**."));
  createArticle(ctx, article("Café Wi-Fi", "Connecting to the café's wireless network, résumé printing."));
  createArticle(ctx, article("Printers", "Which printers we have, and their toner."));
  updateArticle(ctx, a.id, article("Printer paper jams", "Open tray 2 and pull the paper gently."));
  const d = createArticle(ctx, article("Old VPN", "The old VPN client is gone."));
  deleteArticle(ctx, d.id);
  sqlite.run("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, kb_fts, 'row')");
  const index = sqlite.query("SELECT term, doc AS articles FROM temp.vocab ORDER BY term").all();
  const counted = sqlite.query("SELECT term, articles FROM kb_words ORDER BY term").all();
  expect(counted).toEqual(index);
  expect(counted).toContainEqual({ term: "printer", articles: 2 });
  expect(counted).not.toContainEqual(expect.objectContaining({ term: "vpn" }));
});

test("a rare word in a query outranks words most articles hold", () => {
  for (let i = 0; i < 40; i++)
    createArticle(ctx, article(`Laptop care ${i}`, "Keep the laptop charged and the screen clean."));
  const dock = createArticle(
    ctx,
    article("Docking station", "The laptop dock flickers on the second screen."),
  );
  const [first] = searchArticles(db, "my laptop screen flickers on the dock", {
    audience: "public",
    limit: 3,
  });
  expect(first?.id).toBe(dock.id);
});
