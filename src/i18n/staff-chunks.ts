import type { CatalogChunks } from "./load";

/** The staff area's texts: only the staff bundle fetches them, each language its own chunk. */
export const staffCatalogs: CatalogChunks = {
  en: () => import("./staff/en"),
  de: () => import("./staff/de"),
  fr: () => import("./staff/fr"),
  es: () => import("./staff/es"),
};
