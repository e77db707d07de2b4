import { useState } from "react";
import type { TimeRow, TimesReport } from "../../../src/shared/report-shapes";
import { Figure, Table } from "./Figure";
import { useReportFormats } from "./formats";
import { useI18n } from "../../../src/i18n/react";
import { useReport, type ReportParams } from "./useReport";

const DIMENSIONS = [
  { value: "byPriority", label: "reports.priority" },
  { value: "byType", label: "reports.type" },
  { value: "byDepartment", label: "reports.department" },
  { value: "byAgent", label: "reports.agent" },
] as const;
type Dimension = (typeof DIMENSIONS)[number]["value"];

/** A bar as long as the value against the largest of its column, beside the figure itself. */
export function Bar({ value, max, text }: { value: number | null; max: number; text?: string }) {
  const { duration } = useReportFormats();
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
  const { t } = useI18n();
  const { duration } = useReportFormats();
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
      ? t("reports.allTickets")
      : by === "byAgent"
        ? (names[key] ?? (key === "none" ? t("reports.unassigned") : key))
        : key;
  const state = {
    isPending: q.isPending,
    isError: q.isError,
    empty: !data?.overall.firstResponse.n && !data?.overall.resolution.n,
  };
  return (
    <Figure
      title={t("reports.times")}
      kind="times"
      params={params}
      state={state}
      emptyText={t("reports.timesEmpty")}
    >
      <label className="flex items-center gap-2 text-sm print:hidden">
        {t("reports.by")}
        <select
          className="rounded border px-2 py-1"
          value={by}
          onChange={(e) => setBy(e.target.value as Dimension)}
        >
          {DIMENSIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {t(d.label)}
            </option>
          ))}
        </select>
      </label>
      <p className="text-xs text-gray-600">{t("reports.businessHint")}</p>
      <Table
        caption={t("reports.timesCaption")}
        head={[
          t(DIMENSIONS.find((d) => d.value === by)!.label),
          t("reports.frMedianBusiness"),
          t("reports.frP90Business"),
          t("reports.frMedianCalendar"),
          t("reports.resMedianBusiness"),
          t("reports.resP90Business"),
          t("reports.resMedianCalendar"),
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
