import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { Plus, X } from "../../../src/ui/icons";
import type { ServiceLevelSettings } from "../../lib/queries/service-levels";

type Week = ServiceLevelSettings["week"];
type Range = Week[number][number];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_KEYS = [
  "settings.hours.day.0",
  "settings.hours.day.1",
  "settings.hours.day.2",
  "settings.hours.day.3",
  "settings.hours.day.4",
  "settings.hours.day.5",
  "settings.hours.day.6",
] as const;
/** Shown Monday first, as an office reads its week; stored Sunday first, as Date.getDay() counts. */
const SHOWN = [1, 2, 3, 4, 5, 6, 0];

/** Opening ranges per weekday; an end at or before the start runs past midnight. */
export function HoursWeek({ week, onChange }: { week: Week; onChange: (week: Week) => void }) {
  const { t } = useI18n();
  const setDay = (d: number, ranges: Range[]) => onChange(week.map((r, i) => (i === d ? ranges : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-800">{t("settings.hours.opening")}</legend>
      {SHOWN.map((d) => (
        <DayRow
          key={d}
          id={DAYS[d]!}
          day={t(DAY_KEYS[d]!)}
          ranges={week[d] ?? []}
          onChange={(r) => setDay(d, r)}
        />
      ))}
    </fieldset>
  );
}

function DayRow({
  id,
  day,
  ranges,
  onChange,
}: {
  id: string;
  day: string;
  ranges: Range[];
  onChange: (r: Range[]) => void;
}) {
  const { t } = useI18n();
  const set = (i: number, patch: Partial<Range>) =>
    onChange(ranges.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-gray-100 pb-2"
      data-testid={`hours-${id}`}
    >
      <span className="w-24 text-sm text-gray-800">{day}</span>
      {ranges.length === 0 && <span className="text-sm text-gray-600">{t("settings.hours.closed")}</span>}
      {ranges.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a range has no identity beyond its place in the day
        <span key={i} className="flex items-center gap-1">
          <Input
            type="time"
            aria-label={t("settings.hours.opens", { day })}
            className="w-32"
            value={r.start}
            onChange={(e) => set(i, { start: e.target.value })}
          />
          <span aria-hidden>–</span>
          <Input
            type="time"
            aria-label={t("settings.hours.closes", { day })}
            className="w-32"
            value={r.end}
            onChange={(e) => set(i, { end: e.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("settings.hours.removeRange", { day, start: r.start, end: r.end })}
            onClick={() => onChange(ranges.filter((_, j) => j !== i))}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </span>
      ))}
      <Button
        variant="outline"
        size="sm"
        aria-label={t("settings.hours.addOn", { day })}
        onClick={() => onChange([...ranges, { start: "09:00", end: "17:00" }])}
      >
        <Plus className="h-4 w-4" aria-hidden />
        {t("settings.hours.add")}
      </Button>
    </div>
  );
}
