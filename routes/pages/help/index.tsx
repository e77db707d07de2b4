import { Hono } from "hono";
import type { AppEnv } from "../../../src/http/env";
import { sendKeptPage, sendPage } from "../page";
import { notFoundPage } from "../not-found";
import { limitByIp } from "../../../src/http/security";
import {
  articlesVersion,
  publicArticle,
  publicArticles,
  publicIndex,
} from "../../../src/knowledge/articles.service";
import { ArticleIndex } from "./article-index";
import { articleImage } from "../../../src/knowledge/article-images";
import { searchArticles } from "../../../src/knowledge/articles.search";
import { renderMarkdown } from "../../../src/knowledge/markdown";
import { ARTICLE_BODY, HelpLayout, HelpSearch, StillNeedHelp } from "./layout";
import { format } from "date-fns";
import { requestTranslator } from "../../../src/http/language";
import { dateLocaleFor } from "../../../src/i18n/server";
import { publicUrlOf } from "../../../src/settings/public-address";
import { portalWording } from "../../../src/settings/portal-wording";
import type { Context } from "hono";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Titles per category on the index, and per page of one category. */
const PER_CATEGORY = 10;
const PER_PAGE = 50;
const limited = limitByIp((c) => c.get("deps").limiters.publicSearch);
/** The office's name in the header: part of every kept page's key, so a rename shows at once. */
const organisationOf = (c: Context<AppEnv>) => portalWording(c.get("deps").db).organisation;

/** The portal's help articles as plain server pages: useful without scripts, one URL per article. */
export const helpPages = new Hono<AppEnv>()
  // only a search costs work worth limiting; the index of articles is one small query
  .get("/help", (c, next) => (c.req.query("q")?.trim() ? limited(c, next) : next()))
  .get("/help", (c) => {
    const { db } = c.get("deps");
    const q = (c.req.query("q") ?? "").slice(0, 200).trim();
    const { t } = requestTranslator(c);
    if (q) {
      const hits = searchArticles(db, q, { audience: "public", limit: 20 });
      return sendPage(
        c,
        t("help.searchTitle", { q }),
        <HelpLayout brand={organisationOf(c)}>
          <h1 className="mb-4 text-2xl font-bold text-gray-900">{t("portal.helpArticles")}</h1>
          <HelpSearch q={q} />
          <h2 className="mt-6 text-lg font-semibold text-gray-900">
            {hits.length === 0 ? t("help.noMatch") : t("help.matching", { q })}
          </h2>
          <ul className="mt-3 space-y-3">
            {hits.map((h) => (
              <li key={h.id}>
                <a href={`/help/${h.slug}`} className="font-medium text-blue-700 underline">
                  {h.title}
                </a>
                <p className="text-sm text-gray-600">{h.excerpt}</p>
              </li>
            ))}
          </ul>
          <StillNeedHelp />
        </HelpLayout>,
      );
    }
    // the index and a category's pages are the same for every visitor until an article changes
    const category = c.req.query("category");
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    const { helpPages } = c.get("deps");
    const key = `index\n${articlesVersion(db)}\n${organisationOf(c)}\n${category ?? ""}\n${category === undefined ? "" : page}`;
    const title =
      category === undefined
        ? t("help.pageTitle")
        : t("help.categoryTitle", { category: category || t("help.general") });
    return sendKeptPage(c, helpPages, key, title, () => (
      <HelpLayout brand={organisationOf(c)}>
        <h1 className="mb-4 text-2xl font-bold text-gray-900">{t("portal.helpArticles")}</h1>
        <HelpSearch q="" />
        {category === undefined ? (
          <ArticleIndex sections={publicIndex(db, { each: PER_CATEGORY })} pageSize={PER_PAGE} />
        ) : (
          <ArticleIndex
            sections={publicIndex(db, { category, offset: (page - 1) * PER_PAGE, limit: PER_PAGE })}
            page={page}
            pageSize={PER_PAGE}
          />
        )}
      </HelpLayout>
    ));
  })
  .get("/help/:slug", (c) => {
    const slug = c.req.param("slug");
    const { db, articleViews, helpPages } = c.get("deps");
    const article = SLUG.test(slug) ? publicArticle(db, slug) : undefined;
    if (!article) return notFoundPage(c);
    articleViews.add(article.id);
    const { t, lang } = requestTranslator(c);
    const updated = format(article.updatedAt, "d MMM yyyy", { locale: dateLocaleFor(lang) });
    const key = `article\n${articlesVersion(db)}\n${organisationOf(c)}\n${article.id}`;
    return sendKeptPage(c, helpPages, key, t("help.articleTitle", { title: article.title }), () => (
      <HelpLayout brand={organisationOf(c)}>
        <nav aria-label={t("help.breadcrumb")} className="mb-2 text-sm text-gray-600">
          <a href="/help" className="text-blue-700 underline">
            {t("portal.helpArticles")}
          </a>
          {article.category ? ` › ${article.category}` : ""}
        </nav>
        <article>
          <h1 className="text-2xl font-bold text-gray-900">{article.title}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("help.updated", { date: updated })}</p>
          <div
            className={`mt-4 ${ARTICLE_BODY}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown cuts the HTML to its allow-list
            dangerouslySetInnerHTML={{ __html: renderMarkdown(article.body) }}
          />
        </article>
        <StillNeedHelp />
      </HelpLayout>
    ));
  })
  // an article's image: anyone while a published public article shows it, staff always
  .get("/help/images/:name", (c) => {
    const { db, config } = c.get("deps");
    const image = articleImage(db, config.uploadsDir, c.req.param("name"), Boolean(c.get("user")));
    if (!image) return notFoundPage(c);
    return new Response(Bun.file(image.path), {
      headers: {
        "Content-Type": image.mimeType,
        "Content-Length": String(image.fileSize),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, max-age=300",
      },
    });
  })
  .get("/sitemap.xml", (c) => {
    const base = (publicUrlOf(c.get("deps")) ?? new URL(c.req.url).origin).replace(/\/+$/, "");
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    const urls = [
      `<url><loc>${esc(base)}/</loc></url>`,
      `<url><loc>${esc(base)}/help</loc></url>`,
      ...publicArticles(c.get("deps").db).map(
        (a) =>
          `<url><loc>${esc(`${base}/help/${a.slug}`)}</loc><lastmod>${a.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    c.header("Content-Type", "application/xml; charset=UTF-8");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
  });
