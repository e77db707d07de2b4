import type { ReactNode } from "react";
import { useI18n } from "../../../src/i18n/react";

/** The portal's frame for help pages: the same header as the form, with the articles marked current. */
export function HelpLayout({ brand, children }: { brand: string | null; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#help-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t("help.skip")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 p-4">
          <a href="/" className="text-lg font-semibold text-gray-900">
            {brand ?? t("portal.brand")}
          </a>
          <nav
            aria-label={t("portal.nav")}
            className="flex items-center gap-1 whitespace-nowrap text-sm sm:gap-2"
          >
            <a href="/" className="rounded-md px-2 py-1.5 font-medium text-gray-800 hover:bg-gray-50 sm:px-3">
              {t("help.submit")}
            </a>
            <a
              href="/help"
              aria-current="page"
              className="rounded-md bg-gray-100 px-2 py-1.5 sm:px-3 font-medium text-gray-900"
            >
              {t("portal.helpArticles")}
            </a>
            <a
              href="/admin"
              className="rounded-md border border-gray-300 px-2 py-1.5 font-medium sm:px-3 text-gray-800 hover:bg-gray-50"
            >
              {t("portal.adminLogin")}
            </a>
          </nav>
        </div>
      </header>
      <main id="help-main" className="mx-auto w-full max-w-3xl flex-1 p-4 sm:p-6">
        {children}
      </main>
    </div>
  );
}

export function HelpSearch({ q }: { q: string }) {
  const { t } = useI18n();
  return (
    <search>
      <form method="get" action="/help" className="flex gap-2">
        <label htmlFor="help-q" className="sr-only">
          {t("help.search")}
        </label>
        <input
          id="help-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder={t("help.search")}
          className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm"
        />
        <button
          type="submit"
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
        >
          {t("track.search")}
        </button>
      </form>
    </search>
  );
}

/** The way back to the form, under every list and article. */
export function StillNeedHelp() {
  const { t } = useI18n();
  return (
    <p className="mt-8 text-sm text-gray-700">
      {t("help.stillNeed")}{" "}
      <a href="/" className="text-blue-700 underline">
        {t("help.submit")}
      </a>
    </p>
  );
}

/** Rendered article HTML (already cut to the allow-list) with readable spacing. */
export const ARTICLE_BODY =
  "text-gray-800 leading-relaxed [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_p]:my-3 [&_a]:text-blue-700 [&_a]:underline [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-gray-100 [&_pre]:p-3 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-gray-600 [&_table]:my-3 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_img]:max-w-full";
