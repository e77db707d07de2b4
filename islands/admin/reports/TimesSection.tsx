import { useState } from "react";
import type { TimeRow, TimesReport } from "../../../src/shared/report-shapes";
import { Figure, Table } from "./Figure";
import { duration } from "./range";
import { useReport, type ReportParams } from "./useReport";

const DIMENSIONS = [
  { value: "byPriority", label: "Priority" },
  { value: "byType", label: "Type" },
  { value: "byDepartment", label: "Department" },
  { value: "byAgent", label: "Agent" },
] as const;
type Dimension = (typeof DIMENSIONS)[number]["value"];

/** A bar as long as the value against the largest of its column, beside the figure itself. */
export function Bar({ value, max, text }: { value: number | null; max: number; text?: string }) {
  const width = value === null || !max ? 0 : Math.max(2, (100 * value) / max);
  return (
    <span className="inline-flex w-full items-center justify-end gap-2">
      <span
        className="hidden h-2 rounded bg-blue-500 sm:inline-block"
        style={{ width: `${width * 0.6}%` }}
        aria-hidden="true"
      />
      <span>{text ?? duration(value)}</span>
    </span>
  );
}

/** Median and 90th percentile of first response and resolution, in business and calendar hours. */
export function TimesSection({ params, names }: { params: ReportParams; names: Record<string, string> }) {
  const q = useReport("times", params);
  const [by, setBy] = useState<Dimension>("byPriority");
  const data: TimesReport | undefined = q.data;
  const rows: TimeRow[] = data ? [data.overall, ...data[by]] : [];
  const max = Math.max(
    0,
    ...rows.map((r) => r.resolution.p90BusinessMinutes ?? 0),
    ...rows.map((r) => r.firstResponse.p90BusinessMinutes ?? 0),
  );
  const label = (key: string) =>
    key === "all"
      ? "All tickets"
      : by === "byAgent"
        ? (names[key] ?? (key === "none" ? "Unassigned" : key))
        : key;
  const state = {
    isPending: q.isPending,
    isError: q.isError,
    empty: !data?.overall.firstResponse.n && !data?.overall.resolution.n,
  };
  return (
    <Figure
      title="Response and resolution times"
      kind="times"
      params={params}
      state={state}
      emptyText="No ticket of this range was answered or resolved yet."
    >
      <label className="flex items-center gap-2 text-sm print:hidden">
        By
        <select
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
      <p className="text-xs text-gray-600">
        Business hours count only opening hours; calendar hours count every hour.
      </p>
      <Table
        caption="First response and resolution times: median and 90th percentile"
        head={[
          DIMENSIONS.find((d) => d.value === by)!.label,
          "First response median (business)",
          "First response 90th pct (business)",
          "First response median (calendar)",
          "Resolution median (business)",
          "Resolution 90th pct (business)",
          "Resolution median (calendar)",
        ]}
        rows={rows.map((r) => [
          label(r.key),
          <Bar key="a" value={r.firstResponse.medianBusinessMinutes} max={max} />,
          duration(r.firstResponse.p90BusinessMinutes),
          duration(r.firstResponse.medianMinutes),
          <Bar key="b" value={r.resolution.medianBusinessMinutes} max={max} />,
          duration(r.resolution.p90BusinessMinutes),
          duration(r.resolution.medianMinutes),
        ])}
      />
    </Figure>
  );
}
