import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Card, CardContent } from "../../../src/ui/Card";
import { api, toQuery } from "../../lib/api";
import { Table } from "./Figure";
import { useReportFormats } from "./formats";
import type { ReportParams } from "./useReport";
import { useI18n } from "../../../src/i18n/react";

type Tally = { good: number; okay: number; bad: number };
type Satisfaction = { total: Tally; byAgent: (Tally & { name: string })[] };
type Knowledge = { solved: number; missed: number; views: number };

const share = (t: Tally) => {
  const all = t.good + t.okay + t.bad;
  return all ? (t.good / all) * 100 : null;
};

/** "How did we do?" answers in the range (within scope) by agent, and what the help articles did. */
export function SelfServiceSection({ params }: { params: ReportParams }) {
  const { t, lang } = useI18n();
  const formats = useReportFormats();
  // this table has always spaced its English share ("42 %"); other languages take their own form
  const percent = (p: number | null) =>
    lang === "en" && p !== null ? `${Math.round(p)} %` : formats.percent(p);
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
        <h2 className="text-lg font-semibold">{t("reports.selfService")}</h2>
        {ratings.isError || articles.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("reports.loadFailed")}
          </p>
        ) : !r || !k ? (
          <p className="text-sm text-gray-600">{t("reports.loading")}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <Table
              caption={t("reports.ratingsCaption")}
              head={[
                t("reports.agent"),
                t("reports.good"),
                t("reports.okay"),
                t("reports.bad"),
                t("reports.goodShare"),
              ]}
              rows={[
                ...r.byAgent.map((a) => [a.name, a.good, a.okay, a.bad, percent(share(a))]),
                [t("reports.all"), r.total.good, r.total.okay, r.total.bad, percent(share(r.total))],
              ]}
            />
            <Table
              caption={t("reports.articles")}
              head={[t("reports.articles"), t("reports.count")]}
              rows={[
                [t("reports.solved"), k.solved],
                [t("reports.missed"), k.missed],
                [t("reports.views"), k.views],
              ]}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
