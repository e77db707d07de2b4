import { Figure, Table } from "./Figure";
import { useReport, type ReportParams } from "./useReport";
import { useI18n } from "../../../src/i18n/react";

/** The companies and requesters with the most tickets in the range. */
export function TopSection({ params }: { params: ReportParams }) {
  const { t } = useI18n();
  const q = useReport("top", params);
  const d = q.data;
  return (
    <Figure
      title={t("reports.top")}
      kind="top"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !d?.companies.length }}
    >
      {d && (
        <div className="grid gap-4 md:grid-cols-2">
          <Table
            caption={t("reports.topCompanies")}
            head={[t("reports.company"), t("reports.tickets")]}
            rows={d.companies.map((c) => [c.company, c.tickets])}
          />
          <Table
            caption={t("reports.topRequesters")}
            head={[t("reports.requester"), t("reports.tickets")]}
            rows={d.requesters.map((r) => [`${r.name} (${r.email})`, r.tickets])}
          />
        </div>
      )}
    </Figure>
  );
}
