import { useState } from "react";
import type { TimeSpentReport } from "../../../src/shared/report-shapes";
import { Figure, Table } from "./Figure";
import { Bar } from "./TimesSection";
import { useReport, type ReportParams } from "./useReport";
import { useReportFormats } from "./formats";
import { useI18n } from "../../../src/i18n/react";

const DIMENSIONS = [
  { value: "byAgent", label: "reports.agent" },
  { value: "byCompany", label: "reports.company" },
  { value: "byType", label: "reports.type" },
] as const;
type Dimension = (typeof DIMENSIONS)[number]["value"];

/** Minutes recorded on replies and notes written in the range, by agent, company or type. */
export function TimeSpentSection({ params }: { params: ReportParams }) {
  const { t } = useI18n();
  const { workTime } = useReportFormats();
  const q = useReport("time-spent", params);
  const [by, setBy] = useState<Dimension>("byAgent");
  const data: TimeSpentReport | undefined = q.data;
  const rows = data?.[by] ?? [];
  const max = Math.max(0, ...rows.map((r) => r.minutes));
  return (
    <Figure
      title={t("reports.timeSpent")}
      kind="time-spent"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !data?.totalMinutes }}
      emptyText={t("reports.timeSpentEmpty")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm print:hidden">
          {t("reports.by")}
          <select
            aria-label={t("reports.groupTimeSpent")}
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
        <p className="text-sm" data-testid="time-spent-total">
          {t("reports.total")} <strong>{workTime(data?.totalMinutes ?? 0)}</strong>
        </p>
      </div>
      <Table
        caption={t("reports.timeSpentCaption")}
        head={[
          t(DIMENSIONS.find((d) => d.value === by)!.label),
          t("reports.timeSpent"),
          t("reports.entries"),
        ]}
        rows={rows.map((r) => [
          r.name || "—",
          <Bar key="t" value={r.minutes} max={max} text={workTime(r.minutes)} />,
          r.entries,
        ])}
      />
    </Figure>
  );
}
