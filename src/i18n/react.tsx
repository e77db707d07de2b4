import { createContext, type ReactNode, useContext } from "react";
import type { Translator } from "./translator";

const I18nContext = createContext<Translator | null>(null);

/** Wraps every island, on the server and in the browser, with the page's language. */
export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

/** The page's translator; islands render only inside I18nProvider. */
export function useI18n(): Translator {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error("useI18n outside I18nProvider");
  return translator;
}
