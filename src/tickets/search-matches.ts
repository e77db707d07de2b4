/** Thrown inside SQLite when the walk reaches a ticket whose id lies outside the loaded spans. */
export class Uncovered extends Error {
  constructor(readonly id: number) {
    super(`search walk reached ticket ${id} outside the loaded matches`);
  }
}
/** Thrown inside SQLite when the walk has visited more tickets than reading every match would cost. */
export class TooLong extends Error {}

/** Past this many loads in one read the walk is not following the ids (an order they do not share). */
const MAX_LOADS = 8;
const FAR = Number.MAX_SAFE_INTEGER;
/** Loads the matching ids in [lo, hi]. */
export type LoadSpan = (lo: number, hi: number) => number[];

/**
 * The matches of one search over the id spans loaded so far (sorted, disjoint, inclusive), as a
 * bitmap of the ids from `base`. Spans are loaded where the walk goes: ticket ids follow creation,
 * so a walk in date order stays inside a few of them.
 */
export class Matches {
  private spans: [number, number][] = [];
  private base = 0;
  private bits = new Uint8Array(0);
  private loads = 0;
  private visits = 0;
  private maxVisits = FAR;
  /** Ids each side of the first ticket walked, then at least three times all loaded so far. */
  first = 1024;

  /** Starts one read: visits and loads are counted per read. */
  start(maxVisits: number, first: number) {
    this.visits = 0;
    this.loads = 0;
    this.maxVisits = maxVisits;
    this.first = first;
  }

  has(id: number): 0 | 1 {
    if (++this.visits > this.maxVisits) throw new TooLong();
    let covered = false;
    for (const [lo, hi] of this.spans) if (lo <= id && id <= hi) covered = true;
    if (!covered) throw new Uncovered(id);
    const at = id - this.base;
    return at >= 0 && at < this.bits.length * 8 && this.bits[Math.floor(at / 8)]! & (1 << (at % 8)) ? 1 : 0;
  }

  /**
   * Loads the span around `id`, mostly below it when the walk runs to lower ids and above when it runs
   * up, clipped to the gap between loaded spans; every match once loads pile up.
   */
  cover(id: number, descending: boolean, load: LoadSpan) {
    const everything = ++this.loads > MAX_LOADS;
    const loaded = this.spans.reduce((n, [lo, hi]) => n + Math.min(hi - lo + 1, FAR / 64), 0);
    const size = Math.max(this.first, loaded * 3);
    const below = this.spans.filter(([, hi]) => hi < id).at(-1)?.[1] ?? -FAR;
    const above = this.spans.find(([lo]) => lo > id)?.[0] ?? FAR;
    // the other way a quarter as far: ids run in the list's order mostly, not always
    const down = descending || above < FAR ? size : size >> 2;
    const up = !descending || below > -FAR ? size : size >> 2;
    const lo = everything ? -FAR : Math.max(id - down, below + 1);
    const hi = everything ? FAR : Math.min(id + up, above - 1);
    for (const match of load(lo, hi)) this.set(match);
    this.spans = merge(everything ? [[lo, hi]] : [...this.spans, [lo, hi]]);
  }

  /** Every match at once, so the walk never leaves what is loaded. */
  coverAll(ids: ArrayLike<number>) {
    for (let i = 0; i < ids.length; i++) this.set(ids[i]!);
    this.spans = [[-FAR, FAR]];
  }

  /** Whether it is small enough to keep for later reads: the bitmap's bytes and the spans each visit scans. */
  keepable(maxBytes: number, maxSpans: number) {
    return this.bits.length <= maxBytes && this.spans.length <= maxSpans;
  }

  private set(id: number) {
    if (!this.bits.length) this.base = byteStart(id);
    if (id < this.base || id >= this.base + this.bits.length * 8) this.grow(id);
    const at = id - this.base;
    this.bits[Math.floor(at / 8)]! |= 1 << (at % 8);
  }

  /** Widens the bitmap to hold `id`, at least doubling it so growth stays linear overall. */
  private grow(id: number) {
    const len = this.bits.length;
    const end = Math.max(this.base + len * 8, byteStart(id) + 8);
    const size = Math.max((end - Math.min(this.base, byteStart(id))) / 8, len * 2);
    const base = id < this.base ? end - size * 8 : this.base;
    const grown = new Uint8Array(size);
    grown.set(this.bits, (this.base - base) / 8);
    this.bits = grown;
    this.base = base;
  }
}

/** The first id of the bitmap byte holding `id` (any safe integer, negative too). */
const byteStart = (id: number) => id - (((id % 8) + 8) % 8);

const merge = (spans: [number, number][]) =>
  spans
    .sort((a, b) => a[0] - b[0])
    .reduce<[number, number][]>((out, s) => {
      const last = out.at(-1);
      if (last && last[1] + 1 >= s[0]) last[1] = Math.max(last[1], s[1]);
      else out.push([...s]);
      return out;
    }, []);
