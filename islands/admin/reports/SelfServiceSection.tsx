import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Card, CardContent } from "../../../src/ui/Card";
import { api, toQuery } from "../../lib/api";
import { Table } from "./Figure";
import type { ReportParams } from "./useReport";

type Tally = { good: number; okay: number; bad: number };
type Satisfaction = { total: Tally; byAgent: (Tally & { name: string })[] };
type Knowledge = { solved: number; missed: number; views: number };

const share = (t: Tally) => {
  const all = t.good + t.okay + t.bad;
  return all ? `${Math.round((t.good / all) * 100)} %` : "–";
};

/** "How did we do?" answers in the range (within scope) by agent, and what the help articles did. */
export function SelfServiceSection({ params }: { params: ReportParams }) {
  const range = { from: params.from ?? "", to: params.to ?? "" };
  const ratings = useQuery({
    queryKey: ["reports", "satisfaction", range],
    queryFn: () => api.get<Satisfaction>(`/api/admin/satisfaction${toQuery(range)}`),
    placeholderData: keepPreviousData,
  });
  const articles = useQuery({
    queryKey: ["reports", "knowledge", range],
    queryFn: () => api.get<Knowledge>(`/api/admin/kb/figures${toQuery(range)}`),
    placeholderData: keepPreviousData,
  });
  const r = ratings.data;
  const k = articles.data;
  return (
    <Card className="min-w-0 break-inside-avoid">
      <CardContent className="flex flex-col gap-3 pt-4">
        <h2 className="text-lg font-semibold">Satisfaction and help articles</h2>
        {ratings.isError || articles.isError ? (
          <p role="alert" className="text-sm text-red-700">
            This figure could not be loaded. Please try again.
          </p>
        ) : !r || !k ? (
          <p className="text-sm text-gray-600">Loading...</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <Table
              caption="Answers to 'How did we do?' by agent"
              head={["Agent", "Good", "Okay", "Bad", "Good share"]}
              rows={[
                ...r.byAgent.map((a) => [a.name, a.good, a.okay, a.bad, share(a)]),
                ["All", r.total.good, r.total.okay, r.total.bad, share(r.total)],
              ]}
            />
            <Table
              caption="Help articles"
              head={["Help articles", "Count"]}
              rows={[
                ["Solved by an article (deflections)", k.solved],
                ["Sent the form after suggestions (misses)", k.missed],
                ["Article views, all time", k.views],
              ]}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
