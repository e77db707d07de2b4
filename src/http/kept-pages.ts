const MAX_KEPT = 64;
const utf8 = new TextEncoder();

/**
 * Whole pages of one island, kept as the UTF-8 bytes that are sent. An island's server render reads
 * nothing but its props: the clock, the first-visit flag and every query start empty on the server
 * and fill in after hydration (a test renders each island at two different times and holds the HTML
 * equal). So a page is a pure function of its asset version, title, island and props, and is kept
 * under all four. Props are still read fresh on every request (the option lists, the signed-in
 * user), so an edit shows at once; keyed by the whole input and bounded, this cannot carry one
 * request's data to another. The portal's render was ~2 ms of a ~2.7 ms page; rendering only the
 * island once still left the shell's render and a ~20 KB string made and encoded per request, the
 * garbage that grew the heap most while the portal was under load.
 * One per app instance (in deps), so two apps in one process never share it.
 */
export class KeptPages {
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
