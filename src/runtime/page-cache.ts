const MAX_KEPT = 64;
const utf8 = new TextEncoder();

/**
 * Whole pages of one island as the bytes sent, keyed by asset version, title, island and props: an
 * island's server render reads nothing but its props (a test holds that), and props are read fresh
 * on every request, so an edit shows at once. One per app, in deps.
 */
export class PageCache {
  private readonly pages = new Map<string, Uint8Array<ArrayBuffer>>();

  get size() {
    return this.pages.size;
  }

  /** The bytes kept under `key`, or those of `render()` kept from now on (nobody writes to them). */
  get(key: string, render: () => string): Uint8Array<ArrayBuffer> {
    const hit = this.pages.get(key);
    if (hit !== undefined) return hit;
    const bytes = utf8.encode(render());
    if (this.pages.size >= MAX_KEPT) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, bytes);
    return bytes;
  }
}
