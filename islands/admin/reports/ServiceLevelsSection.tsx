import type { AttainmentRow } from "../../../src/shared/report-shapes";
import { Figure, Scroll, Table } from "./Figure";
import { percent } from "./range";
import { useReport, type ReportParams } from "./useReport";

const cells = (r: AttainmentRow) => [
  percent(r.firstResponse.percent),
  `${r.firstResponse.met} / ${r.firstResponse.met + r.firstResponse.missed}`,
  percent(r.resolution.percent),
  `${r.resolution.met} / ${r.resolution.met + r.resolution.missed}`,
];
const HEAD = ["First response met", "Met / judged", "Resolution met", "Met / judged"];

/** Share of tickets meeting their first-response and resolution targets, and the breaches. */
export function ServiceLevelsSection({
  params,
  names,
}: {
  params: ReportParams;
  names: Record<string, string>;
}) {
  const q = useReport("service-levels", params);
  const d = q.data;
  const state = {
    isPending: q.isPending,
    isError: q.isError,
    empty:
      !d ||
      d.overall.firstResponse.met +
        d.overall.firstResponse.missed +
        d.overall.resolution.met +
        d.overall.resolution.missed ===
        0,
  };
  return (
    <Figure
      title="Service levels"
      kind="service-levels"
      params={params}
      state={state}
      emptyText="No ticket of this range has met or missed a target yet."
    >
      {d && (
        <>
          <Table
            caption="Service-level attainment by priority"
            head={["Priority", ...HEAD]}
            rows={[["All tickets", ...cells(d.overall)], ...d.byPriority.map((r) => [r.key, ...cells(r)])]}
          />
          <Table
            caption="Service-level attainment by department"
            head={["Department", ...HEAD]}
            rows={d.byDepartment.map((r) => [r.key, ...cells(r)])}
          />
          <h3 className="text-sm font-semibold">
            Breaches ({d.breachCount}
            {d.breachCount > d.breaches.length ? `, the latest ${d.breaches.length} shown` : ""})
          </h3>
          {d.breaches.length ? (
            <Scroll className="max-h-72 overflow-y-auto print:max-h-none" label="Breaches">
              <Table
                caption="Tickets that missed a target"
                head={["Ticket", "Target", "Priority", "Department", "Agent", "Due"]}
                rows={d.breaches.map((b) => [
                  <a key="t" className="text-blue-700 hover:underline" href={`/admin/tickets/${b.ticketId}`}>
                    {b.ticketId}
                  </a>,
                  b.clock === "firstResponse" ? "First response" : "Resolution",
                  b.priority,
                  b.department,
                  b.agent ? (names[b.agent] ?? b.agent) : "Unassigned",
                  new Date(b.dueAt).toLocaleString(),
                ])}
              />
            </Scroll>
          ) : (
            <p className="text-sm text-gray-600">No target was missed.</p>
          )}
        </>
      )}
    </Figure>
  );
}
