import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { validate } from "../../src/http/validate";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { idParam } from "../../src/shared/schemas/id-param";
import {
  articleSchema,
  markdownPreviewSchema,
  staffArticleSearchSchema,
} from "../../src/shared/schemas/knowledge";
import {
  articleForStaff,
  createArticle,
  deleteArticle,
  listArticles,
  toDto,
  updateArticle,
} from "../../src/knowledge/articles.service";
import { searchArticles } from "../../src/knowledge/articles.search";
import { renderMarkdown } from "../../src/knowledge/markdown";
import { knowledgeFigures } from "../../src/knowledge/deflections";
import { dayRangeSchema } from "../../src/shared/schemas/day-range";
import { dayRangeOf } from "../../src/http/day-range";
import { receiveArticleImage } from "../../src/knowledge/article-images";
import { multipartBody } from "../../src/http/openapi/describe";
import { multipartOf } from "./public-files";
import { publicUrlOf } from "../../src/settings/public-address";

/** Articles for staff (all of them, drafts and staff-only too); writing them is for admins. */
export const adminKbApi = new Hono<AppEnv>()
  .get("/articles", validate("query", staffArticleSearchSchema), (c) => {
    const { q, linkable } = c.req.valid("query");
    const deps = c.get("deps");
    const { db } = deps;
    if (linkable === "true") {
      // what a reply may link to: the address the requester opens, on the help desk's public address
      const base = (publicUrlOf(deps) ?? new URL(c.req.url).origin).replace(/\/+$/, "");
      const hits = searchArticles(db, q, { audience: "public", limit: 10 });
      return c.json({ articles: hits.map((h) => ({ ...h, url: `${base}/help/${h.slug}` })) });
    }
    if (q.trim()) return c.json({ articles: searchArticles(db, q, { audience: "staff", limit: 20 }) });
    return c.json({ articles: listArticles(db, deps.articleViews) });
  })
  .get("/articles/:id", validate("param", idParam), (c) =>
    c.json(articleForStaff(c.get("deps").db, c.req.valid("param").id)),
  )
  .get("/figures", validate("query", dayRangeSchema), (c) => {
    const { from, to } = dayRangeOf(c.req.valid("query"));
    const { db, articleViews } = c.get("deps");
    return c.json(knowledgeFigures(db, from, to, articleViews.pendingOf()));
  })
  .post("/preview", validate("json", markdownPreviewSchema), (c) =>
    c.json({ html: renderMarkdown(c.req.valid("json").body) }),
  )
  .post("/articles", requireAdmin, validate("json", articleSchema), (c) =>
    c.json(toDto(createArticle(dbWriteCtx(c), c.req.valid("json"))), 201),
  )
  .put("/articles/:id", requireAdmin, validate("param", idParam), validate("json", articleSchema), (c) =>
    c.json(toDto(updateArticle(dbWriteCtx(c), c.req.valid("param").id, c.req.valid("json")))),
  )
  .post("/images", requireAdmin, multipartBody(["file"], []), async (c) =>
    c.json(await receiveArticleImage({ ...dbWriteCtx(c), deps: c.get("deps") }, multipartOf(c)), 201),
  )
  .delete("/articles/:id", requireAdmin, validate("param", idParam), (c) => {
    deleteArticle(dbWriteCtx(c), c.req.valid("param").id);
    return c.json({ message: "Article deleted" });
  });
