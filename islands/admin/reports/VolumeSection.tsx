import { useMemo } from "react";
import { Figure, Scroll, Table } from "./Figure";
import { LineChart } from "./LineChart";
import { useReport, type ReportParams } from "./useReport";
import { useI18n } from "../../../src/i18n/react";

/** Created against resolved per period, and the open backlog at each period's end. */
export function VolumeSection({ params }: { params: ReportParams }) {
  const { t } = useI18n();
  const q = useReport("volume", params);
  const rows = q.data ?? [];
  const periods = useMemo(() => rows.map((r) => r.period), [rows]);
  const flow = useMemo(
    () => [
      { label: t("reports.created"), color: "#2563eb", values: rows.map((r) => r.created) },
      { label: t("reports.resolved"), color: "#16a34a", values: rows.map((r) => r.resolved) },
    ],
    [rows, t],
  );
  const backlog = useMemo(
    () => [{ label: t("reports.backlog"), color: "#c2410c", values: rows.map((r) => r.backlog) }],
    [rows, t],
  );
  const state = { isPending: q.isPending, isError: q.isError, empty: !rows.length };
  return (
    <Figure title={t("reports.volume")} kind="volume" params={params} state={state}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <LineChart chart="created-resolved" periods={periods} series={flow} />
        <LineChart chart="backlog" periods={periods} series={backlog} />
      </div>
      <Scroll className="max-h-64 overflow-y-auto print:max-h-none" label={t("reports.volumeTable")}>
        <Table
          caption={t("reports.volumeCaption")}
          head={[t("reports.period"), t("reports.created"), t("reports.resolved"), t("reports.backlog")]}
          rows={rows.map((r) => [r.period, r.created, r.resolved, r.backlog])}
        />
      </Scroll>
    </Figure>
  );
}
