import { useState } from "react";
import type { TimeSpentReport } from "../../../src/shared/report-shapes";
import { Figure, Table } from "./Figure";
import { Bar } from "./TimesSection";
import { useReport, type ReportParams } from "./useReport";

const DIMENSIONS = [
  { value: "byAgent", label: "Agent" },
  { value: "byCompany", label: "Company" },
  { value: "byType", label: "Type" },
] as const;
type Dimension = (typeof DIMENSIONS)[number]["value"];

/** Work time in hours and minutes: a day of work is not a day of the calendar. */
const workTime = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;

/** Minutes recorded on replies and notes written in the range, by agent, company or type. */
export function TimeSpentSection({ params }: { params: ReportParams }) {
  const q = useReport("time-spent", params);
  const [by, setBy] = useState<Dimension>("byAgent");
  const data: TimeSpentReport | undefined = q.data;
  const rows = data?.[by] ?? [];
  const max = Math.max(0, ...rows.map((r) => r.minutes));
  return (
    <Figure
      title="Time spent"
      kind="time-spent"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !data?.totalMinutes }}
      emptyText="No time was recorded on replies or notes in this range."
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm print:hidden">
          By
          <select
            aria-label="Group time spent by"
            className="rounded border px-2 py-1"
            value={by}
            onChange={(e) => setBy(e.target.value as Dimension)}
          >
            {DIMENSIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm" data-testid="time-spent-total">
          Total: <strong>{workTime(data?.totalMinutes ?? 0)}</strong>
        </p>
      </div>
      <Table
        caption="Time spent on replies and notes"
        head={[DIMENSIONS.find((d) => d.value === by)!.label, "Time spent", "Entries"]}
        rows={rows.map((r) => [
          r.name || "—",
          <Bar key="t" value={r.minutes} max={max} text={workTime(r.minutes)} />,
          r.entries,
        ])}
      />
    </Figure>
  );
}
