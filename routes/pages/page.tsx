import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../src/http/env";
import { Document, Island, renderPage } from "../../src/http/render";
import { islandBundles, type BundleName, type IslandName } from "../../islands/registry";
import type { IslandProps } from "../../islands/registry.server";

/** Sends a server-rendered page; HTML is never cached because it carries the signed-in state. */
export function sendPage(
  c: Context<AppEnv>,
  title: string,
  body: ReactNode,
  opts: { status?: 200 | 404; bundle?: BundleName } = {},
) {
  c.header("Cache-Control", "no-store");
  return c.html(
    renderPage(
      <Document title={title} version={c.get("deps").assetVersion} bundle={opts.bundle}>
        {body}
      </Document>,
    ),
    opts.status ?? 200,
  );
}

const HTML_HEADERS = { "Cache-Control": "no-store", "Content-Type": "text/html; charset=UTF-8" };

/**
 * A page that is one island: rendered on the server, hydrated by the bundle that holds it. Kept
 * whole (see KeptPages) unless `keep: false`, for a page whose props are one person's private data.
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
  const { assetVersion, keptPages } = c.get("deps");
  const json = JSON.stringify(props);
  const bytes = keptPages.get(`${assetVersion}\n${title}\n${name}\n${json}`, () =>
    renderPage(
      <Document title={title} version={assetVersion} bundle={islandBundles[name]}>
        {body(json)}
      </Document>,
    ),
  );
  return c.body(bytes, 200, HTML_HEADERS);
}
