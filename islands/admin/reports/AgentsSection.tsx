import { Figure, Table } from "./Figure";
import { useReportFormats } from "./formats";
import { useI18n } from "../../../src/i18n/react";
import { useReport, type ReportParams } from "./useReport";

/** Per agent: the range's tickets assigned and resolved, the open load now, response time and reopenings. */
export function AgentsSection({ params }: { params: ReportParams }) {
  const { t } = useI18n();
  const { duration } = useReportFormats();
  const q = useReport("agents", params);
  const rows = q.data ?? [];
  return (
    <Figure
      title={t("reports.agents")}
      kind="agents"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !rows.length }}
    >
      <Table
        caption={t("reports.agentsCaption")}
        head={[
          t("reports.agent"),
          t("reports.assigned"),
          t("reports.resolved"),
          t("reports.openNow"),
          t("reports.agentMedian"),
          t("reports.reopened"),
        ]}
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
