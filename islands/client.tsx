import { hydrateRoot } from "react-dom/client";
import { islandLoaders, type IslandName } from "./registry";

/** Browser entry: hydrate every island marker with the same identifierPrefix the server used. */
async function boot() {
  const markers = [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")];
  await Promise.all(
    markers.map(async (el) => {
      const name = el.dataset.island as IslandName;
      const load = islandLoaders[name];
      if (!load) return;
      const { default: Component } = await load();
      const props = JSON.parse(el.dataset.props ?? "{}");
      hydrateRoot(el, <Component {...props} />, { identifierPrefix: `${name}-` });
      el.dataset.hydrated = "true";
    }),
  );
  // Browser tests wait for this marker (Fresh/HonoX "client loaded").
  requestAnimationFrame(() => (document.body.dataset.hydrated = "true"));
}

void boot();
