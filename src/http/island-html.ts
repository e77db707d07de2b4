import type { IslandName, IslandProps } from "../../islands/registry.server";
import { renderIsland } from "./render";

const MAX_RENDERED = 64;

/**
 * An island's server render reads nothing but its props: the clock, the first-visit flag and
 * every query start empty on the server and fill in after hydration (a test renders each island at
 * two different times and holds the HTML equal). So the HTML is kept per island and props: the
 * portal's render was ~2 ms of a ~2.7 ms page, the dashboard's ~0.9 ms. Props are read fresh on
 * every request (the option lists, the signed-in user), so an edit shows at once; keyed by the
 * whole input of a pure function and bounded, this cache cannot carry one request's data to another.
 * One per app instance (in deps), so two apps in one process never share it.
 */
export class IslandHtml {
  private readonly rendered = new Map<string, string>();

  get size() {
    return this.rendered.size;
  }

  get<N extends IslandName>(name: N, props: IslandProps<N>, json = JSON.stringify(props)): string {
    const key = `${name}:${json}`;
    const hit = this.rendered.get(key);
    if (hit !== undefined) return hit;
    const html = renderIsland(name, props);
    if (this.rendered.size >= MAX_RENDERED) this.rendered.delete(this.rendered.keys().next().value!);
    this.rendered.set(key, html);
    return html;
  }
}
