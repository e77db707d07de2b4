import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { islandComponents, type IslandName } from "../../islands/registry.server";
import type { BundleName } from "../../islands/registry";

export type AssetVersion = { version: string };

/** The html shell of every page: stylesheet and, on a page with an island, its bundle (deferred module). */
export function Document({ title, version, bundle, children }: { title: string; version: string; bundle?: BundleName; children: ReactNode }) {
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
export function Island<N extends IslandName>({ name, props }: { name: N; props: Record<string, unknown> }) {
  const json = JSON.stringify(props);
  return <div data-island={name} data-props={json} dangerouslySetInnerHTML={{ __html: islandHtml(name, props, json) }} />;
}

/**
 * Islands whose first render reads nothing but their props (no clock, no signed-in user). Their HTML
 * is kept per distinct props: the portal's render is ~2 ms of a ~2.7 ms page, and its props (the
 * option lists) are read fresh on every request, so an edited list shows at once. Keyed by the
 * whole input of a pure function and bounded, this cache cannot carry one request's data to another.
 */
const PURE_RENDER: ReadonlySet<IslandName> = new Set(["Portal", "Login"]);
const rendered = new Map<string, string>();
const MAX_RENDERED = 16;

function islandHtml(name: IslandName, props: Record<string, unknown>, json: string): string {
  const key = PURE_RENDER.has(name) ? `${name}:${json}` : null;
  const hit = key ? rendered.get(key) : undefined;
  if (hit !== undefined) return hit;
  const Component = islandComponents[name] as (p: Record<string, unknown>) => ReactNode;
  const html = renderToString(<Component {...props} />, { identifierPrefix: `${name}-` });
  if (key) {
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, html);
  }
  return html;
}

export const renderPage = (node: ReactNode) => "<!doctype html>" + renderToString(node);
