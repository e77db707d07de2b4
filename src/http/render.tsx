import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { islandComponents, type IslandName } from "../../islands/registry.server";

export type AssetVersion = { version: string };

/** The html shell of every page: stylesheet and the one island boot script (deferred module). */
export function Document({ title, version, children }: { title: string; version: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={`/build/app.css?v=${version}`} />
        <script type="module" src={`/build/client.js?v=${version}`} />
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 antialiased">{children}</body>
    </html>
  );
}

/**
 * Server half of an island: renders the component in its own React root (same
 * identifierPrefix as the client's hydrateRoot, so Radix ids match) inside a marker div.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: Record<string, unknown> }) {
  const Component = islandComponents[name] as (p: Record<string, unknown>) => ReactNode;
  const html = renderToString(<Component {...props} />, { identifierPrefix: `${name}-` });
  return <div data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}

export const renderPage = (node: ReactNode) => "<!doctype html>" + renderToString(node);
