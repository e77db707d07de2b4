/** What every limiter offers, whether its counts live in this process or are shared between processes. */
export type Limiter = {
  hit(key: string): number;
  reserve(key: string): { wait: number; release: () => void };
  blocked(key: string): number;
  reset(key: string): void;
};

/** Fixed-window counter per key, held in memory: the limiter of a server that runs as one process. */
export class RateLimiter implements Limiter {
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

  /**
   * Counts one attempt before the work it limits, so parallel attempts cannot all pass a check made
   * before any of them finished. `wait` > 0 means refused (nothing counted); `release` gives the attempt back.
   */
  reserve(key: string): { wait: number; release: () => void } {
    const t = this.now();
    if (this.hits.size > 50_000) this.sweep(t);
    const current = this.hits.get(key);
    const entry = current && current.resetAt > t ? current : { count: 0, resetAt: t + this.windowMs };
    this.hits.set(key, entry);
    if (entry.count >= this.max) return { wait: (entry.resetAt - t) / 1000, release: () => {} };
    entry.count++;
    const held = entry;
    return {
      wait: 0,
      release: () => {
        if (this.hits.get(key) === held && held.count > 0) held.count--;
      },
    };
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
