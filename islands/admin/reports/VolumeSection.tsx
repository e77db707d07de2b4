import { useMemo } from "react";
import { Figure, Scroll, Table } from "./Figure";
import { LineChart } from "./LineChart";
import { useReport, type ReportParams } from "./useReport";

/** Created against resolved per period, and the open backlog at each period's end. */
export function VolumeSection({ params }: { params: ReportParams }) {
  const q = useReport("volume", params);
  const rows = q.data ?? [];
  const periods = useMemo(() => rows.map((r) => r.period), [rows]);
  const flow = useMemo(
    () => [
      { label: "Created", color: "#2563eb", values: rows.map((r) => r.created) },
      { label: "Resolved", color: "#16a34a", values: rows.map((r) => r.resolved) },
    ],
    [rows],
  );
  const backlog = useMemo(
    () => [{ label: "Open backlog", color: "#c2410c", values: rows.map((r) => r.backlog) }],
    [rows],
  );
  const state = { isPending: q.isPending, isError: q.isError, empty: !rows.length };
  return (
    <Figure title="Created and resolved" kind="volume" params={params} state={state}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <LineChart label="created-resolved" periods={periods} series={flow} />
        <LineChart label="backlog" periods={periods} series={backlog} />
      </div>
      <Scroll className="max-h-64 overflow-y-auto print:max-h-none" label="Created and resolved, table">
        <Table
          caption="Tickets created and resolved per period, and the open backlog at its end"
          head={["Period", "Created", "Resolved", "Open backlog"]}
          rows={rows.map((r) => [r.period, r.created, r.resolved, r.backlog])}
        />
      </Scroll>
    </Figure>
  );
}
