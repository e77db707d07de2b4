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

/** A page that is one island: rendered on the server, hydrated by the bundle that holds it. */
export const sendIsland = <N extends IslandName>(
  c: Context<AppEnv>,
  title: string,
  name: N,
  props: IslandProps<N>,
  opts: { keep?: boolean } = {},
) =>
  sendPage(
    c,
    title,
    <Island name={name} props={props} kept={opts.keep === false ? undefined : c.get("deps").islandHtml} />,
    { bundle: islandBundles[name] },
  );
