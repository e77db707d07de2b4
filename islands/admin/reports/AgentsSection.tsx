import { Figure, Table } from "./Figure";
import { duration } from "./range";
import { useReport, type ReportParams } from "./useReport";

/** Per agent: the range's tickets assigned and resolved, the open load now, response time and reopenings. */
export function AgentsSection({ params }: { params: ReportParams }) {
  const q = useReport("agents", params);
  const rows = q.data ?? [];
  return (
    <Figure
      title="Agents"
      kind="agents"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !rows.length }}
    >
      <Table
        caption="Tickets per agent"
        head={["Agent", "Assigned", "Resolved", "Open now", "Median first response (business)", "Reopened"]}
        rows={rows.map((a) => [
          a.name,
          a.assigned,
          a.resolved,
          a.openNow,
          duration(a.medianFirstResponseBusinessMinutes),
          a.reopened,
        ])}
      />
    </Figure>
  );
}
