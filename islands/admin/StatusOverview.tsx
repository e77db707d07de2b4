import { Card } from "../../src/ui/Card";
import { cn } from "../../src/ui/cn";
import type { TicketStats } from "../../src/shared/dto";
import type { StaffKey } from "../../src/i18n/staff/en";
import { useI18n } from "../../src/i18n/react";

const CARDS: {
  label: StaffKey;
  key: Exclude<keyof TicketStats, "breached" | "dueSoon" | "byStatus">;
  status: string;
  tone: string;
}[] = [
  { label: "overview.total", key: "total", status: "all", tone: "text-gray-900" },
  { label: "overview.open", key: "open", status: "open", tone: "text-blue-700" },
  { label: "look.inProgress", key: "inProgress", status: "in_progress", tone: "text-yellow-700" },
  { label: "look.completed", key: "completed", status: "completed", tone: "text-green-700" },
  { label: "overview.burnt", key: "burnt", status: "burnt", tone: "text-red-700" },
];

const BUILT_IN = new Set(CARDS.map((c) => c.status));
/** A card for each configured status beyond the built-in four, so every ticket is counted somewhere. */
const otherCards = (stats?: TicketStats) =>
  (stats?.byStatus ?? [])
    .filter((s) => !BUILT_IN.has(s.name))
    .map((s) => ({ label: s.label, key: s.name, status: s.name, tone: "text-gray-900", count: s.count }));

/** 'Ticket Overview': a click sets the status filter; Total clears it. */
export function StatusOverview({
  stats,
  active,
  onPick,
}: {
  stats?: TicketStats;
  active: string;
  onPick: (status: string) => void;
}) {
  const { t, number } = useI18n();
  return (
    <section aria-labelledby="overview-heading" className="min-w-0">
      <h2 id="overview-heading" className="mb-3 text-lg font-semibold text-gray-900">
        {t("overview.title")}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {[...CARDS, ...otherCards(stats)].map((c) => (
          <button
            key={c.key}
            type="button"
            onClick={() => onPick(c.status)}
            aria-pressed={active === c.status}
            className={cn(
              "rounded-lg border bg-white p-4 text-left shadow-sm transition hover:border-blue-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500",
              active === c.status ? "border-blue-600 ring-1 ring-blue-600" : "border-gray-200",
            )}
          >
            <span className="block text-sm text-gray-600">{"count" in c ? c.label : t(c.label)}</span>
            <span className={cn("mt-1 block text-2xl font-bold", c.tone)} data-testid={`stat-${c.status}`}>
              {stats ? number("count" in c ? c.count : stats[c.key]) : "–"}
            </span>
          </button>
        ))}
      </div>
      {stats && (
        <p className="mt-2 text-sm text-gray-700" data-testid="stat-due">
          <span className="font-semibold text-red-700">
            {t("overview.breached", { count: stats.breached })}
          </span>
          {" · "}
          <span className="font-semibold text-orange-700">
            {t("overview.dueSoon", { count: stats.dueSoon })}
          </span>
        </p>
      )}
    </section>
  );
}

/** Type breakdown: share of open tickets to one decimal, zero types hidden. */
export function TypeBreakdown({
  byType,
  onPick,
}: {
  byType?: Record<string, number>;
  onPick: (type: string) => void;
}) {
  const entries = Object.entries(byType ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((s, [, n]) => s + n, 0);
  const { t, lang } = useI18n();
  const share = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Card className="p-4" aria-labelledby="types-heading">
      <h2 id="types-heading" className="mb-3 text-lg font-semibold text-gray-900">
        {t("overview.byType")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600">{t("overview.noOpen")}</p>
      ) : (
        <ul className="space-y-2">
          {entries.map(([type, n]) => (
            <li key={type}>
              <button
                type="button"
                onClick={() => onPick(type)}
                className="w-full rounded p-1 text-left hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <span className="flex justify-between text-sm">
                  <span className="font-medium text-gray-800">{type}</span>
                  <span className="text-gray-700">
                    {n} ({share.format((n / total) * 100)}%)
                  </span>
                </span>
                <span className="mt-1 block h-2 rounded bg-gray-100">
                  <span
                    className="block h-2 rounded bg-blue-600"
                    style={{ width: `${(n / total) * 100}%` }}
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
