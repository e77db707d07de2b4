import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../src/http/env";
import { Document, Island, renderPage } from "../../src/http/render";
import { islandBundles, type BundleName, type IslandName } from "../../islands/registry";
import type { IslandProps } from "../../islands/registry.server";
import type { PageCache } from "../../src/runtime/page-cache";
import { requestTranslator } from "../../src/http/language";
import type { Translator } from "../../src/i18n/translator";
import { I18nProvider } from "../../src/i18n/react";

/** A page's title, or how to write it in the request's language. */
export type Title = string | ((t: Translator["t"]) => string);

/** The whole document of a page: the shell around `body`, with the bundle that hydrates it. */
const pageHtml = (c: Context<AppEnv>, title: Title, body: ReactNode, bundle?: BundleName) => {
  const translator = requestTranslator(c);
  const { lang, t } = translator;
  return renderPage(
    <Document
      title={typeof title === "string" ? title : title(t)}
      version={c.get("deps").assetVersion}
      bundle={bundle}
      lang={lang}
    >
      <I18nProvider translator={translator}>{body}</I18nProvider>
    </Document>,
  );
};

/** Sends a server-rendered page; HTML is never cached because it carries the signed-in state. */
export function sendPage(
  c: Context<AppEnv>,
  title: Title,
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
  title: Title,
  name: N,
  props: IslandProps<N>,
  opts: { keep?: boolean } = {},
) {
  const translator = requestTranslator(c);
  const body = (json?: string) => <Island name={name} props={props} json={json} translator={translator} />;
  if (opts.keep === false) return sendPage(c, title, body(), { bundle: islandBundles[name] });
  const { assetVersion, pageCache } = c.get("deps");
  const json = JSON.stringify(props);
  const key = typeof title === "string" ? title : title(translator.t);
  const bytes = pageCache.get(`${assetVersion}\n${translator.lang}\n${key}\n${name}\n${json}`, () =>
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
  title: Title,
  body: () => ReactNode,
) {
  const { lang, t } = requestTranslator(c);
  const text = typeof title === "string" ? title : title(t);
  const bytes = cache.get(`${c.get("deps").assetVersion}\n${lang}\n${text}\n${key}`, () =>
    pageHtml(c, title, body()),
  );
  c.header("Cache-Control", "no-store");
  return c.body(bytes, 200, { "Content-Type": "text/html; charset=UTF-8" });
}
