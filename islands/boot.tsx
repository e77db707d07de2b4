import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "./registry";
import { type CatalogChunks, loadTranslator } from "../src/i18n/load";
import { I18nProvider } from "../src/i18n/react";

// Each island declares its own props; the marker's JSON is whatever the server rendered it with.
export type IslandLoaders = Partial<
  Record<IslandName, () => Promise<{ default: (props: never) => unknown }>>
>;

/** Browser entry body: hydrate every island marker with the same identifierPrefix the server used. */
export async function boot(loaders: IslandLoaders, catalogs?: CatalogChunks) {
  const markers = [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")];
  // Only the page's own language is fetched, in parallel with the islands' code.
  const translator = loadTranslator(document.documentElement.lang, catalogs);
  await Promise.all(
    markers.map(async (el) => {
      const name = el.dataset.island as IslandName;
      const load = loaders[name];
      if (!load) return;
      const Component = (await load()).default as ComponentType<Record<string, unknown>>;
      const props = JSON.parse(el.dataset.props ?? "{}");
      hydrateRoot(
        el,
        <I18nProvider translator={await translator}>
          <Component {...props} />
        </I18nProvider>,
        { identifierPrefix: `${name}-` },
      );
      el.dataset.hydrated = "true";
    }),
  );
  // Browser tests wait for this marker: every island on the page is live.
  requestAnimationFrame(() => (document.body.dataset.hydrated = "true"));
}
