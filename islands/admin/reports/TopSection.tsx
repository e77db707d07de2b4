import { Figure, Table } from "./Figure";
import { useReport, type ReportParams } from "./useReport";

/** The companies and requesters with the most tickets in the range. */
export function TopSection({ params }: { params: ReportParams }) {
  const q = useReport("top", params);
  const d = q.data;
  return (
    <Figure
      title="Top companies and requesters"
      kind="top"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !d?.companies.length }}
    >
      {d && (
        <div className="grid gap-4 md:grid-cols-2">
          <Table
            caption="Companies with the most tickets"
            head={["Company", "Tickets"]}
            rows={d.companies.map((c) => [c.company, c.tickets])}
          />
          <Table
            caption="Requesters with the most tickets"
            head={["Requester", "Tickets"]}
            rows={d.requesters.map((r) => [`${r.name} (${r.email})`, r.tickets])}
          />
        </div>
      )}
    </Figure>
  );
}
