import { cn } from "../../src/ui/cn";
import type { PublicList } from "../lib/queries/public-config";
import { useI18n } from "../../src/i18n/react";

/** Priority colours: low blue, medium yellow, high orange, urgent red (others by their configured colour). */
const TONE: Record<string, string> = {
  blue: "border-l-blue-500 text-blue-700",
  yellow: "border-l-yellow-500 text-yellow-800",
  orange: "border-l-orange-500 text-orange-700",
  red: "border-l-red-500 text-red-700",
  green: "border-l-green-500 text-green-700",
  purple: "border-l-purple-500 text-purple-700",
  gray: "border-l-gray-500 text-gray-700",
};

/** 'Priority Overview': one card per configured priority; a click sets the priority filter. */
export function PriorityOverview({
  priorities,
  counts,
  active,
  onPick,
}: {
  priorities: PublicList<"priorities">;
  counts?: Record<string, number>;
  active: string;
  onPick: (p: string) => void;
}) {
  const { t, number } = useI18n();
  return (
    <section aria-labelledby="priority-heading">
      <h2 id="priority-heading" className="mb-3 text-lg font-semibold text-gray-900">
        {t("overview.priority")}
      </h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {priorities.map((p) => (
          <button
            key={p.name}
            type="button"
            onClick={() => onPick(active === p.name ? "all" : p.name)}
            aria-pressed={active === p.name}
            className={cn(
              "rounded-lg border border-l-4 bg-white p-4 text-left shadow-sm hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500",
              TONE[p.color ?? "gray"] ?? TONE.gray,
              active === p.name && "ring-1 ring-blue-600",
            )}
          >
            <span className="block text-sm font-semibold">{p.label}</span>
            <span className="mt-1 block text-2xl font-bold text-gray-900" data-testid={`priority-${p.name}`}>
              {counts ? number(counts[p.name] ?? 0) : "–"}
            </span>
            <span className="block text-xs text-gray-600">{t("overview.active")}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
