import type { AttainmentRow } from "../../../src/shared/report-shapes";
import { Figure, Scroll, Table } from "./Figure";
import { type ReportFormats, useReportFormats } from "./formats";
import { useI18n } from "../../../src/i18n/react";
import { useReport, type ReportParams } from "./useReport";

const cells = ({ percent }: ReportFormats, r: AttainmentRow) => [
  percent(r.firstResponse.percent),
  `${r.firstResponse.met} / ${r.firstResponse.met + r.firstResponse.missed}`,
  percent(r.resolution.percent),
  `${r.resolution.met} / ${r.resolution.met + r.resolution.missed}`,
];

/** Share of tickets meeting their first-response and resolution targets, and the breaches. */
export function ServiceLevelsSection({
  params,
  names,
}: {
  params: ReportParams;
  names: Record<string, string>;
}) {
  const { t, dateTime } = useI18n();
  const formats = useReportFormats();
  const HEAD = [t("reports.frMet"), t("reports.metJudged"), t("reports.resMet"), t("reports.metJudged")];
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
      title={t("reports.serviceLevels")}
      kind="service-levels"
      params={params}
      state={state}
      emptyText={t("reports.slEmpty")}
    >
      {d && (
        <>
          <Table
            caption={t("reports.slByPriority")}
            head={[t("reports.priority"), ...HEAD]}
            rows={[
              [t("reports.allTickets"), ...cells(formats, d.overall)],
              ...d.byPriority.map((r) => [r.key, ...cells(formats, r)]),
            ]}
          />
          <Table
            caption={t("reports.slByDepartment")}
            head={[t("reports.department"), ...HEAD]}
            rows={d.byDepartment.map((r) => [r.key, ...cells(formats, r)])}
          />
          <h3 className="text-sm font-semibold">
            {d.breachCount > d.breaches.length
              ? t("reports.breachesLatest", { count: d.breachCount, shown: d.breaches.length })
              : t("reports.breaches", { count: d.breachCount })}
          </h3>
          {d.breaches.length ? (
            <Scroll className="max-h-72 overflow-y-auto print:max-h-none" label={t("reports.breachesBox")}>
              <Table
                caption={t("reports.breachesCaption")}
                head={[
                  t("reports.ticket"),
                  t("reports.target"),
                  t("reports.priority"),
                  t("reports.department"),
                  t("reports.agent"),
                  t("reports.due"),
                ]}
                rows={d.breaches.map((b) => [
                  <a key="t" className="text-blue-700 hover:underline" href={`/admin/tickets/${b.ticketId}`}>
                    {b.ticketId}
                  </a>,
                  b.clock === "firstResponse" ? t("reports.firstResponse") : t("reports.resolution"),
                  b.priority,
                  b.department,
                  b.agent ? (names[b.agent] ?? b.agent) : t("reports.unassigned"),
                  dateTime(b.dueAt),
                ])}
              />
            </Scroll>
          ) : (
            <p className="text-sm text-gray-600">{t("reports.noBreach")}</p>
          )}
        </>
      )}
    </Figure>
  );
}
