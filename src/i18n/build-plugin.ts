import type { BunPlugin } from "bun";
import { compileCatalog } from "./compile";

/** Replaces each catalog module in the browser build by its compiled messages. */
export const compiledCatalogs: BunPlugin = {
  name: "compiled-catalogs",
  setup(build) {
    build.onLoad({ filter: /[\\/]i18n[\\/](catalogs|staff)[\\/]\w+\.ts$/ }, async ({ path }) => {
      const { default: catalog } = (await import(path)) as { default: Record<string, string> };
      return { contents: `export default ${JSON.stringify(compileCatalog(catalog))};`, loader: "js" };
    });
  },
};
