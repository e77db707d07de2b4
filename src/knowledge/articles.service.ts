import type { ArticleViews } from "./article-views";
import { and, asc, desc, eq, lt, ne } from "drizzle-orm";
import { sqliteOf, type Db, type DbOrTx } from "../../db/client";
import { kbArticles, kbRevisions, users, type KbArticleRow } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import { conflict, notFound } from "../errors/domain-error";
import type { ArticleInput } from "../shared/schemas/knowledge";
import { plainText, renderMarkdown } from "./markdown";
import { recountWords } from "./article-words";
import { recordArticleImages } from "./article-images";

type Ctx = { db: Db; actor: Actor; now: Date };
/** Earlier texts kept per article; older ones are let go on the next save. */
export const KEPT_REVISIONS = 20;
const immediate = { behavior: "immediate" } as const;
/** Counts every change to any article, in the change's transaction: the portal's help pages are kept by it. */
const VERSION_KEY = "kb.version";

/** A title as a URL part: lower-case ASCII words joined by dashes. */
function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
  return slug || "article";
}

/** The first free slug from `base`: base, base-2, base-3… */
function freeSlug(tx: DbOrTx, base: string, exceptId?: number) {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = tx
      .select({ id: kbArticles.id })
      .from(kbArticles)
      .where(
        exceptId ? and(eq(kbArticles.slug, slug), ne(kbArticles.id, exceptId)) : eq(kbArticles.slug, slug),
      )
      .get();
    if (!taken) return slug;
  }
}

/**
 * Both search indexes hold each article's title and plain text under its id; the word counts and the
 * images it shows follow. A null title: the article is gone.
 */
function index(tx: DbOrTx, id: number, title: string | null, markdown: string, now: Date) {
  const sqlite = sqliteOf(tx);
  const body = plainText(markdown);
  recordArticleImages(tx, id, title === null ? null : markdown);
  const before = sqlite
    .query<{ text: string }, [number]>("SELECT title || ' ' || body AS text FROM kb_fts WHERE rowid = ?")
    .get(id);
  recountWords(tx, before?.text ?? null, title === null ? null : `${title} ${body}`);
  sqlite.run(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ('${VERSION_KEY}', '1', ?)
     ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`,
    [now.getTime()],
  );
  for (const table of ["kb_fts", "kb_fts_tri"]) {
    sqlite.run(`DELETE FROM ${table} WHERE rowid = ?`, [id]);
    if (title !== null)
      sqlite.run(`INSERT INTO ${table}(rowid, title, body) VALUES (?, ?, ?)`, [id, title, body]);
  }
}

export function createArticle({ db, actor, now }: Ctx, input: ArticleInput) {
  return db.transaction((tx) => {
    const slug = input.slug ? input.slug : freeSlug(tx, slugify(input.title));
    if (input.slug && freeSlug(tx, input.slug) !== input.slug)
      throw conflict("Another article has this slug");
    const row = tx
      .insert(kbArticles)
      .values({ ...input, slug, updatedBy: actor.userId, createdAt: now, updatedAt: now })
      .returning()
      .get();
    index(tx, row.id, row.title, row.body, now);
    recordAudit(
      tx,
      actor,
      { action: "kb_article_created", entityType: "kb_article", entityId: row.id, newValue: summary(row) },
      now,
    );
    return row;
  }, immediate);
}

export function updateArticle({ db, actor, now }: Ctx, id: number, input: ArticleInput) {
  return db.transaction((tx) => {
    const before = tx.select().from(kbArticles).where(eq(kbArticles.id, id)).get();
    if (!before) throw notFound("Article");
    const slug = input.slug ?? before.slug;
    if (freeSlug(tx, slug, id) !== slug) throw conflict("Another article has this slug");
    if (before.title !== input.title || before.body !== input.body) {
      tx.insert(kbRevisions)
        .values({
          articleId: id,
          title: before.title,
          body: before.body,
          updatedBy: before.updatedBy,
          createdAt: before.updatedAt,
        })
        .run();
      pruneRevisions(tx, id);
    }
    const row = tx
      .update(kbArticles)
      .set({ ...input, slug, updatedBy: actor.userId, updatedAt: now })
      .where(eq(kbArticles.id, id))
      .returning()
      .get();
    index(tx, id, row.title, row.body, now);
    recordAudit(
      tx,
      actor,
      {
        action: "kb_article_updated",
        entityType: "kb_article",
        entityId: id,
        oldValue: summary(before),
        newValue: summary(row),
      },
      now,
    );
    return row;
  }, immediate);
}

export function deleteArticle({ db, actor, now }: Ctx, id: number) {
  db.transaction((tx) => {
    const before = tx.select().from(kbArticles).where(eq(kbArticles.id, id)).get();
    if (!before) throw notFound("Article");
    tx.delete(kbArticles).where(eq(kbArticles.id, id)).run();
    index(tx, id, null, "", now);
    recordAudit(
      tx,
      actor,
      { action: "kb_article_deleted", entityType: "kb_article", entityId: id, oldValue: summary(before) },
      now,
    );
  }, immediate);
}

function pruneRevisions(tx: DbOrTx, articleId: number) {
  const keep = tx
    .select({ id: kbRevisions.id })
    .from(kbRevisions)
    .where(eq(kbRevisions.articleId, articleId))
    .orderBy(desc(kbRevisions.id))
    .limit(KEPT_REVISIONS)
    .all();
  const oldest = keep.at(-1);
  if (keep.length === KEPT_REVISIONS && oldest)
    tx.delete(kbRevisions)
      .where(and(eq(kbRevisions.articleId, articleId), lt(kbRevisions.id, oldest.id)))
      .run();
}

/** What the audit keeps of an article: never the whole body. */
const summary = (a: KbArticleRow) => ({
  title: a.title,
  slug: a.slug,
  category: a.category,
  visibility: a.visibility,
  status: a.status,
});

/** Every article for staff, newest change first, with who changed it last and its views so far. */
export function listArticles(db: DbOrTx, views: ArticleViews) {
  return db
    .select({
      id: kbArticles.id,
      slug: kbArticles.slug,
      title: kbArticles.title,
      category: kbArticles.category,
      visibility: kbArticles.visibility,
      status: kbArticles.status,
      views: kbArticles.views,
      updatedAt: kbArticles.updatedAt,
      updatedBy: users.firstName,
    })
    .from(kbArticles)
    .leftJoin(users, eq(users.id, kbArticles.updatedBy))
    .orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id))
    .all()
    .map((a) => ({ ...a, views: a.views + views.pendingOf(a.id), updatedAt: a.updatedAt.toISOString() }));
}

/** One article for staff: its Markdown, the rendered HTML and its kept revisions (newest first). */
export function articleForStaff(db: DbOrTx, id: number) {
  const a = db.select().from(kbArticles).where(eq(kbArticles.id, id)).get();
  if (!a) throw notFound("Article");
  const revisions = db
    .select({
      id: kbRevisions.id,
      title: kbRevisions.title,
      body: kbRevisions.body,
      createdAt: kbRevisions.createdAt,
    })
    .from(kbRevisions)
    .where(eq(kbRevisions.articleId, id))
    .orderBy(desc(kbRevisions.id))
    .all()
    .map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { ...toDto(a), body: a.body, html: renderMarkdown(a.body), revisions };
}

export const toDto = (a: KbArticleRow) => ({
  id: a.id,
  slug: a.slug,
  title: a.title,
  category: a.category,
  visibility: a.visibility,
  status: a.status,
  views: a.views,
  updatedAt: a.updatedAt.toISOString(),
});

/** A published public article by slug, for the portal; drafts and staff-only articles do not exist there. */
export function publicArticle(db: DbOrTx, slug: string) {
  return db
    .select()
    .from(kbArticles)
    .where(
      and(eq(kbArticles.slug, slug), eq(kbArticles.status, "published"), eq(kbArticles.visibility, "public")),
    )
    .get();
}

/** Published public articles by category then title, for the portal's index and the sitemap. */
export function publicArticles(db: DbOrTx) {
  return db
    .select({
      id: kbArticles.id,
      slug: kbArticles.slug,
      title: kbArticles.title,
      category: kbArticles.category,
      updatedAt: kbArticles.updatedAt,
    })
    .from(kbArticles)
    .where(and(eq(kbArticles.status, "published"), eq(kbArticles.visibility, "public")))
    .orderBy(asc(kbArticles.category), asc(kbArticles.title))
    .all();
}

/** Where the articles stand: a different text after any article is written, changed or deleted. */
export function articlesVersion(db: DbOrTx): string {
  return (
    sqliteOf(db)
      .query<{ value: string }, [string]>("SELECT value FROM app_settings WHERE key = ?")
      .get(VERSION_KEY)?.value ?? "0"
  );
}

/** The portal's index: per category its article count and first `each` titles; one category's all, paged. */
export function publicIndex(
  db: DbOrTx,
  opts: { each: number } | { category: string; offset: number; limit: number },
) {
  const sqlite = sqliteOf(db);
  const counts = sqlite
    .query<{ category: string; n: number }, []>(
      `SELECT category, count(*) AS n FROM kb_articles
       WHERE status = 'published' AND visibility = 'public' GROUP BY category ORDER BY category`,
    )
    .all();
  const titles = sqlite.query<{ id: number; slug: string; title: string }, [string, number, number]>(
    `SELECT id, slug, title FROM kb_articles
     WHERE status = 'published' AND visibility = 'public' AND category = ? ORDER BY title LIMIT ? OFFSET ?`,
  );
  const shown = "each" in opts ? counts : counts.filter((c) => c.category === opts.category);
  return shown.map((c) => ({
    category: c.category,
    total: c.n,
    articles:
      "each" in opts ? titles.all(c.category, opts.each, 0) : titles.all(c.category, opts.limit, opts.offset),
  }));
}
