import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../src/http/env";
import { Document, Island, renderPage } from "../../src/http/render";
import { islandBundles, type BundleName, type IslandName } from "../../islands/registry";
import type { IslandProps } from "../../islands/registry.server";
import type { PageCache } from "../../src/runtime/page-cache";

/** The whole document of a page: the shell around `body`, with the bundle that hydrates it. */
const pageHtml = (c: Context<AppEnv>, title: string, body: ReactNode, bundle?: BundleName) =>
  renderPage(
    <Document title={title} version={c.get("deps").assetVersion} bundle={bundle}>
      {body}
    </Document>,
  );

/** Sends a server-rendered page; HTML is never cached because it carries the signed-in state. */
export function sendPage(
  c: Context<AppEnv>,
  title: string,
  body: ReactNode,
  opts: { status?: 200 | 404; bundle?: BundleName } = {},
) {
  c.header("Cache-Control", "no-store");
  return c.html(pageHtml(c, title, body, opts.bundle), opts.status ?? 200);
}

/**
 * A page that is one island: rendered on the server, hydrated by the bundle that holds it. Kept
 * whole (see PageCache) unless `keep: false`, for a page whose props are one person's private data.
 */
export function sendIsland<N extends IslandName>(
  c: Context<AppEnv>,
  title: string,
  name: N,
  props: IslandProps<N>,
  opts: { keep?: boolean } = {},
) {
  const body = (json?: string) => <Island name={name} props={props} json={json} />;
  if (opts.keep === false) return sendPage(c, title, body(), { bundle: islandBundles[name] });
  const { assetVersion, pageCache } = c.get("deps");
  const json = JSON.stringify(props);
  const bytes = pageCache.get(`${assetVersion}\n${title}\n${name}\n${json}`, () =>
    pageHtml(c, title, body(json), islandBundles[name]),
  );
  c.header("Cache-Control", "no-store");
  return c.body(bytes, 200, { "Content-Type": "text/html; charset=UTF-8" });
}

/**
 * A page that is the same for every visitor until its data changes: kept whole in `cache` under `key`,
 * which must name everything the page shows that may change.
 */
export function sendKeptPage(
  c: Context<AppEnv>,
  cache: PageCache,
  key: string,
  title: string,
  body: () => ReactNode,
) {
  const bytes = cache.get(`${c.get("deps").assetVersion}\n${title}\n${key}`, () =>
    pageHtml(c, title, body()),
  );
  c.header("Cache-Control", "no-store");
  return c.body(bytes, 200, { "Content-Type": "text/html; charset=UTF-8" });
}
