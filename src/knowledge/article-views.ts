import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { kbArticles } from "../../db/schema";

/**
 * Article views counted in this process and added to the articles in one write every few seconds: a view
 * is a figure, not something a visitor was promised, and a write per page view made every view wait
 * for a commit. Readers add what is still pending here, so this process's figures are exact.
 */
export class ArticleViews {
  private pending = new Map<number, number>();

  add(articleId: number) {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
  }

  /** Views not yet written, of one article or of all. */
  pendingOf(articleId?: number): number {
    if (articleId !== undefined) return this.pending.get(articleId) ?? 0;
    let sum = 0;
    for (const n of this.pending.values()) sum += n;
    return sum;
  }

  /** Writes what is pending through `write` (one transaction); on failure the counts stay for the next try. */
  async flush(write: (apply: (tx: Tx) => void) => Promise<unknown>) {
    if (!this.pending.size) return;
    const taken = this.pending;
    this.pending = new Map();
    try {
      await write((tx) => {
        for (const [id, n] of taken)
          tx.update(kbArticles)
            .set({ views: sql`${kbArticles.views} + ${n}` })
            .where(eq(kbArticles.id, id))
            .run();
      });
    } catch (err) {
      for (const [id, n] of taken) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      throw err;
    }
  }
}
