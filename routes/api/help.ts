import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { limitByIp } from "../../src/http/security";
import { articleSearchSchema, deflectionSchema } from "../../src/shared/schemas/knowledge";
import { keptSearch, searchArticles } from "../../src/knowledge/articles.search";
import { recordMissed, recordSolved } from "../../src/knowledge/deflections";

/** Suggestions shown beside the portal form. */
const SUGGESTIONS = 3;
const limited = limitByIp((c) => c.get("deps").limiters.publicSearch);

/** The portal's help articles: search, suggestions while a visitor types, and what they did next. */
export const helpApi = new Hono<AppEnv>()
  .get("/articles", limited, validate("query", articleSearchSchema), (c) => {
    const { q, category } = c.req.valid("query");
    return c.json({
      articles: searchArticles(c.get("deps").db, q, { audience: "public", limit: 20, category }),
    });
  })
  .get("/suggestions", limited, validate("query", articleSearchSchema), (c) => {
    const { q } = c.req.valid("query");
    // shown as titles beside the form: no excerpts to make
    const { db, reads } = c.get("deps");
    const hits = keptSearch(reads.cache, db, q, {
      audience: "public",
      limit: SUGGESTIONS,
      excerpts: false,
    });
    return c.json({ articles: hits.map(({ excerpt: _, ...hit }) => hit) });
  })
  .post("/deflections", limited, validate("json", deflectionSchema), async (c) => {
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const now = deps.now();
    await deps.groupCommit.run((tx) =>
      input.outcome === "solved" ? recordSolved(tx, input.articleId, now) : recordMissed(tx, now),
    );
    return c.json({ message: "Thank you" }, 201);
  });
