import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";
import { users } from "./users";

/** A help article: Markdown kept as written, shown on the portal when public and published. */
export const kbArticles = sqliteTable(
  "kb_articles",
  {
    id: id(),
    slug: text("slug", { length: 120 }).notNull(),
    title: text("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    category: text("category", { length: 80 }).notNull().default(""),
    visibility: text("visibility", { enum: ["public", "staff"] })
      .notNull()
      .default("public"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    views: integer("views").notNull().default(0),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("kb_articles_slug_idx").on(t.slug),
    index("kb_articles_listing_idx").on(t.status, t.visibility, t.category, t.title),
  ],
);

/** Earlier texts of an article, newest last; only the most recent few are kept. */
export const kbRevisions = sqliteTable(
  "kb_revisions",
  {
    id: id(),
    articleId: integer("article_id")
      .notNull()
      .references(() => kbArticles.id, { onDelete: "cascade" }),
    title: text("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("kb_revisions_article_idx").on(t.articleId, t.id)],
);

/** What a visitor did after seeing suggested articles: left solved, or submitted anyway. */
export const kbDeflections = sqliteTable(
  "kb_deflections",
  {
    id: id(),
    articleId: integer("article_id").references(() => kbArticles.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ["solved", "missed"] }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("kb_deflections_time_idx").on(t.createdAt)],
);

export type KbArticleRow = typeof kbArticles.$inferSelect;

/**
 * Each stemmed word of the public and staff articles with how many articles hold it: the search ranks
 * on a query's rarer words. Kept by the article verbs; an estimate, since matching is the index's.
 */
export const kbWords = sqliteTable("kb_words", {
  term: text("term").primaryKey(),
  articles: integer("articles").notNull(),
});

/** An image uploaded for articles, stored in uploads/ and addressed by an unguessable token. */
export const kbImages = sqliteTable(
  "kb_images",
  {
    id: id(),
    token: text("token").notNull(),
    filePath: text("file_path").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    fileSize: integer("file_size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("kb_images_token_idx").on(t.token)],
);

/**
 * Which image tokens each article's body shows, kept by the article verbs: a visitor's image is
 * served while one published public article holds its token, found by the token's key.
 */
export const kbArticleImages = sqliteTable(
  "kb_article_images",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => kbArticles.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.token, t.articleId] }),
    index("kb_article_images_article_idx").on(t.articleId),
  ],
);
