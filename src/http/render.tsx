import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type IslandName, type IslandProps, islandComponents } from "../../islands/registry.server";
import type { BundleName } from "../../islands/registry";
import { I18nProvider } from "../i18n/react";
import { translatorFor } from "../i18n/server";
import type { Translator } from "../i18n/translator";

/** The html shell of every page: stylesheet and, on a page with an island, its bundle (deferred module). */
export function Document({
  title,
  version,
  bundle,
  lang = "en",
  children,
}: {
  title: string;
  version: string;
  bundle?: BundleName;
  /** The page's language: screen readers and the browser's catalog chunk both go by it. */
  lang?: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
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
  translator,
}: {
  name: N;
  props: IslandProps<N>;
  /** The props as JSON, when the caller has them already. */
  json?: string;
  translator?: Translator;
}) {
  const html = renderIsland(name, props, translator);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own renderToString output, escaped by React
  return <div data-island={name} data-props={json} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function renderIsland<N extends IslandName>(
  name: N,
  props: IslandProps<N>,
  translator: Translator = translatorFor("en"),
): string {
  // The name picks the component and its props type together; TypeScript cannot follow that link.
  const Component = islandComponents[name] as (p: IslandProps<N>) => ReactNode;
  return renderToString(
    <I18nProvider translator={translator}>
      <Component {...(props as IslandProps<N> & object)} />
    </I18nProvider>,
    { identifierPrefix: `${name}-` },
  );
}

export const renderPage = (node: ReactNode) => `<!doctype html>${renderToString(node)}`;
