import { Lightbulb, Sparkles, Star, TrendingUp, type LucideIcon } from "../../../src/ui/icons";
import { useDailySummary } from "../../lib/queries/dashboard";
import { Spinner } from "../../../src/ui/Spinner";
import { useI18n } from "../../../src/i18n/react";

function Points({ title, items, icon: Icon }: { title: string; items: string[]; icon: LucideIcon }) {
  if (!items.length) return null;
  return (
    <section aria-label={title}>
      <h5 className="mb-1 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-gray-500">
        <Icon className="h-3.5 w-3.5" aria-hidden="true" /> {title}
      </h5>
      <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
        {/* the same point twice says nothing more, and each text is then its own key */}
        {[...new Set(items)].map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** The daily summary (summary, highlights, trends, recommendations) and which source wrote it. */
export function DailySummary() {
  const q = useDailySummary();
  const { t } = useI18n();
  // Only a provider's answer is called AI: the built-in text is written from the figures alone.
  const title = t(q.data?.source === "ai" ? "greet.aiSummary" : "greet.summary");
  return (
    <section aria-label={title} className="rounded-lg border border-purple-100 bg-purple-50/50 p-4">
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <Sparkles className="h-4 w-4 text-purple-600" aria-hidden="true" /> {title}
        </h4>
        {q.data && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs text-gray-600 ring-1 ring-gray-200">
            {t(q.data.source === "ai" ? "greet.byAi" : "greet.builtIn")}
          </span>
        )}
      </header>
      {q.isPending && <Spinner label={t("greet.preparing")} className="p-2" />}
      {q.isError && <p className="text-sm text-gray-600">{t("greet.summaryFailed")}</p>}
      {q.data && (
        <div className="space-y-3">
          <p className="text-sm text-gray-800">{q.data.summary}</p>
          <Points title={t("greet.highlights")} items={q.data.highlights} icon={Star} />
          <Points title={t("greet.trends")} items={q.data.trends} icon={TrendingUp} />
          <Points title={t("greet.recommendations")} items={q.data.recommendations} icon={Lightbulb} />
        </div>
      )}
    </section>
  );
}
