import { Hono } from "hono";
import type { AppEnv } from "../../../src/http/env";
import { sendPage } from "../page";
import { notFoundPage } from "../not-found";
import { limitByIp } from "../../../src/http/security";
import { publicArticle, publicArticles } from "../../../src/knowledge/articles.service";
import { searchArticles } from "../../../src/knowledge/articles.search";
import { countView } from "../../../src/knowledge/deflections";
import { renderMarkdown } from "../../../src/knowledge/markdown";
import { ARTICLE_BODY, HelpLayout, HelpSearch, StillNeedHelp } from "./layout";
import { format } from "date-fns";
import { publicUrlOf } from "../../../src/settings/public-address";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const limited = limitByIp((c) => c.get("deps").limiters.publicSearch);

/** The portal's help articles as plain server pages: useful without scripts, one URL per article. */
export const helpPages = new Hono<AppEnv>()
  // only a search costs work worth limiting; the index of articles is one small query
  .get("/help", (c, next) => (c.req.query("q")?.trim() ? limited(c, next) : next()))
  .get("/help", (c) => {
    const { db } = c.get("deps");
    const q = (c.req.query("q") ?? "").slice(0, 200).trim();
    if (q) {
      const hits = searchArticles(db, q, { audience: "public", limit: 20 });
      return sendPage(
        c,
        `Search: ${q} – Help articles`,
        <HelpLayout>
          <h1 className="mb-4 text-2xl font-bold text-gray-900">Help articles</h1>
          <HelpSearch q={q} />
          <h2 className="mt-6 text-lg font-semibold text-gray-900">
            {hits.length === 0 ? "No articles match your search" : `Articles matching “${q}”`}
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
    const groups = Map.groupBy(publicArticles(db), (a) => a.category || "General");
    return sendPage(
      c,
      "Help articles – Helpdesk",
      <HelpLayout>
        <h1 className="mb-4 text-2xl font-bold text-gray-900">Help articles</h1>
        <HelpSearch q="" />
        {groups.size === 0 && <p className="mt-6 text-gray-700">No articles yet.</p>}
        {[...groups].map(([category, articles]) => (
          <section key={category} className="mt-6" aria-labelledby={`cat-${category}`}>
            <h2 id={`cat-${category}`} className="text-lg font-semibold text-gray-900">
              {category}
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {articles.map((a) => (
                <li key={a.id}>
                  <a href={`/help/${a.slug}`} className="text-blue-700 underline">
                    {a.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </HelpLayout>,
    );
  })
  .get("/help/:slug", (c) => {
    const slug = c.req.param("slug");
    const { db, groupCommit } = c.get("deps");
    const article = SLUG.test(slug) ? publicArticle(db, slug) : undefined;
    if (!article) return notFoundPage(c);
    // a view is a figure, not something acknowledged: it rides the next shared commit
    groupCommit.run((tx) => countView(tx, article.id)).catch(() => {});
    return sendPage(
      c,
      `${article.title} – Help articles`,
      <HelpLayout>
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-gray-600">
          <a href="/help" className="text-blue-700 underline">
            Help articles
          </a>
          {article.category ? ` › ${article.category}` : ""}
        </nav>
        <article>
          <h1 className="text-2xl font-bold text-gray-900">{article.title}</h1>
          <p className="mt-1 text-sm text-gray-600">Updated {format(article.updatedAt, "d MMM yyyy")}</p>
          <div
            className={`mt-4 ${ARTICLE_BODY}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown cuts the HTML to its allow-list
            dangerouslySetInnerHTML={{ __html: renderMarkdown(article.body) }}
          />
        </article>
        <StillNeedHelp />
      </HelpLayout>,
    );
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
