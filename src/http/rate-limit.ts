/** Fixed-window counter per key, held in memory by the app instance (one box, one process). */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const t = this.now();
    if (this.hits.size > 50_000) this.sweep(t);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
      return 0;
    }
    entry.count++;
    return entry.count > this.max ? (entry.resetAt - t) / 1000 : 0;
  }

  /** Seconds to wait if the key is already over the limit, without counting. */
  blocked(key: string): number {
    const entry = this.hits.get(key);
    const t = this.now();
    return entry && entry.resetAt > t && entry.count >= this.max ? (entry.resetAt - t) / 1000 : 0;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(t: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}
