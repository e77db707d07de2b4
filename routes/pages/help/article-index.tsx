import type { publicIndex } from "../../../src/knowledge/articles.service";
import { useI18n } from "../../../src/i18n/react";

type Sections = ReturnType<typeof publicIndex>;
const categoryHref = (category: string, page = 1) =>
  `/help?category=${encodeURIComponent(category)}${page > 1 ? `&page=${page}` : ""}`;

/** Each category with its first titles and, when it holds more, a link to all of them. */
export function ArticleIndex({
  sections,
  page,
  pageSize,
}: {
  sections: Sections;
  page?: number;
  pageSize: number;
}) {
  const { t } = useI18n();
  const label = (category: string) => category || t("help.general");
  if (sections.length === 0) return <p className="mt-6 text-gray-700">{t("help.none")}</p>;
  return sections.map(({ category, total, articles }, i) => (
    <section key={category} className="mt-6" aria-labelledby={`cat-${i}`}>
      <h2 id={`cat-${i}`} className="text-lg font-semibold text-gray-900">
        {label(category)} <span className="text-sm font-normal text-gray-600">{`(${total})`}</span>
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {articles.map((a) => (
          <li key={a.id}>
            <a href={`/help/${a.slug}`} className="text-blue-700 underline">
              {a.title}
            </a>
          </li>
        ))}
      </ul>
      {page === undefined && total > articles.length && (
        <a href={categoryHref(category)} className="mt-2 inline-block text-sm text-blue-700 underline">
          {t("help.allIn", { count: total, category: label(category) })}
        </a>
      )}
      {page !== undefined && (
        <nav aria-label={t("help.pages")} className="mt-4 flex gap-4 text-sm">
          {page > 1 && (
            <a href={categoryHref(category, page - 1)} className="text-blue-700 underline">
              {t("help.previousPage")}
            </a>
          )}
          {page * pageSize < total && (
            <a href={categoryHref(category, page + 1)} className="text-blue-700 underline">
              {t("help.nextPage")}
            </a>
          )}
        </nav>
      )}
    </section>
  ));
}
