import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type IslandName, type IslandProps, islandComponents } from "../../islands/registry.server";
import type { BundleName } from "../../islands/registry";

/** The html shell of every page: stylesheet and, on a page with an island, its bundle (deferred module). */
export function Document({
  title,
  version,
  bundle,
  children,
}: {
  title: string;
  version: string;
  bundle?: BundleName;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={`/build/app.css?v=${version}`} />
        {bundle && <script type="module" src={`/build/${bundle}.js?v=${version}`} />}
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 antialiased">{children}</body>
    </html>
  );
}

/**
 * Server half of an island: renders the component in its own React root (same
 * identifierPrefix as the client's hydrateRoot, so Radix ids match) inside a marker div.
 */
export function Island<N extends IslandName>({
  name,
  props,
  json = JSON.stringify(props),
}: {
  name: N;
  props: IslandProps<N>;
  /** The props as JSON, when the caller has them already. */
  json?: string;
}) {
  const html = renderIsland(name, props);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own renderToString output, escaped by React
  return <div data-island={name} data-props={json} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function renderIsland<N extends IslandName>(name: N, props: IslandProps<N>): string {
  // The name picks the component and its props type together; TypeScript cannot follow that link.
  const Component = islandComponents[name] as (p: IslandProps<N>) => ReactNode;
  return renderToString(<Component {...(props as IslandProps<N> & object)} />, {
    identifierPrefix: `${name}-`,
  });
}

export const renderPage = (node: ReactNode) => `<!doctype html>${renderToString(node)}`;
