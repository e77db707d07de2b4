import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { Plus, X } from "../../../src/ui/icons";
import type { ServiceLevelSettings } from "../../lib/queries/service-levels";

type Week = ServiceLevelSettings["week"];
type Range = Week[number][number];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Shown Monday first, as an office reads its week; stored Sunday first, as Date.getDay() counts. */
const SHOWN = [1, 2, 3, 4, 5, 6, 0];

/** Opening ranges per weekday; an end at or before the start runs past midnight. */
export function HoursWeek({ week, onChange }: { week: Week; onChange: (week: Week) => void }) {
  const setDay = (d: number, ranges: Range[]) => onChange(week.map((r, i) => (i === d ? ranges : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-800">Opening hours</legend>
      {SHOWN.map((d) => (
        <DayRow key={d} day={DAYS[d]!} ranges={week[d] ?? []} onChange={(r) => setDay(d, r)} />
      ))}
    </fieldset>
  );
}

function DayRow({ day, ranges, onChange }: { day: string; ranges: Range[]; onChange: (r: Range[]) => void }) {
  const set = (i: number, patch: Partial<Range>) =>
    onChange(ranges.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-gray-100 pb-2"
      data-testid={`hours-${day}`}
    >
      <span className="w-24 text-sm text-gray-800">{day}</span>
      {ranges.length === 0 && <span className="text-sm text-gray-600">Closed</span>}
      {ranges.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a range has no identity beyond its place in the day
        <span key={i} className="flex items-center gap-1">
          <Input
            type="time"
            aria-label={`${day} opens`}
            className="w-32"
            value={r.start}
            onChange={(e) => set(i, { start: e.target.value })}
          />
          <span aria-hidden>–</span>
          <Input
            type="time"
            aria-label={`${day} closes`}
            className="w-32"
            value={r.end}
            onChange={(e) => set(i, { end: e.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${day} ${r.start}–${r.end}`}
            onClick={() => onChange(ranges.filter((_, j) => j !== i))}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </span>
      ))}
      <Button
        variant="outline"
        size="sm"
        aria-label={`Add hours on ${day}`}
        onClick={() => onChange([...ranges, { start: "09:00", end: "17:00" }])}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add
      </Button>
    </div>
  );
}
