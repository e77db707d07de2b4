import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { kbArticles, kbDeflections } from "../../db/schema";
import { notFound } from "../errors/domain-error";

/** A visitor left the form because an article answered them; only a public published article counts. */
export function recordSolved(tx: Tx, articleId: number, now: Date) {
  const article = tx
    .select({ id: kbArticles.id })
    .from(kbArticles)
    .where(
      and(
        eq(kbArticles.id, articleId),
        eq(kbArticles.status, "published"),
        eq(kbArticles.visibility, "public"),
      ),
    )
    .get();
  if (!article) throw notFound("Article");
  tx.insert(kbDeflections).values({ articleId, outcome: "solved", createdAt: now }).run();
}

/** A visitor saw suggestions and sent the form anyway. */
export function recordMissed(tx: Tx, now: Date) {
  tx.insert(kbDeflections).values({ articleId: null, outcome: "missed", createdAt: now }).run();
}

/**
 * Deflections and misses in a range, and all-time article views, for the figures staff read;
 * `pendingViews`: this process's views not yet written.
 */
export function knowledgeFigures(db: DbOrTx, from: Date, to: Date, pendingViews = 0) {
  const rows = db
    .select({ outcome: kbDeflections.outcome, n: count() })
    .from(kbDeflections)
    .where(and(gte(kbDeflections.createdAt, from), lt(kbDeflections.createdAt, to)))
    .groupBy(kbDeflections.outcome)
    .all();
  const views = db
    .select({ n: sql<number>`coalesce(sum(${kbArticles.views}), 0)` })
    .from(kbArticles)
    .get();
  return {
    solved: rows.find((r) => r.outcome === "solved")?.n ?? 0,
    missed: rows.find((r) => r.outcome === "missed")?.n ?? 0,
    views: (views?.n ?? 0) + pendingViews,
  };
}
