import { Figure, Scroll } from "./Figure";
import { useReport, type ReportParams } from "./useReport";
import { useReportFormats } from "./formats";
import { useI18n } from "../../../src/i18n/react";

/** New tickets per weekday and hour as a heatmap table: the shade and the number say the same. */
export function BusiestSection({ params }: { params: ReportParams }) {
  const { t } = useI18n();
  const { weekday } = useReportFormats();
  const q = useReport("busiest", params);
  const counts = q.data?.counts ?? [];
  const max = Math.max(0, ...counts.flat());
  return (
    <Figure
      title={t("reports.busiest")}
      kind="busiest"
      params={params}
      state={{ isPending: q.isPending, isError: q.isError, empty: !max }}
    >
      <Scroll className="overflow-x-auto" label={t("reports.busiestTable")}>
        <table className="text-center text-[11px] tabular-nums">
          <caption className="sr-only">{t("reports.busiestCaption")}</caption>
          <thead>
            <tr>
              <td />
              {counts[0]?.map((_, h) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day
                <th key={h} scope="col" className="px-0.5 font-normal text-gray-600">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {counts.map((row, d) => (
              <tr key={weekday(d)}>
                <th scope="row" className="pr-2 text-left font-normal text-gray-700">
                  {weekday(d)}
                </th>
                {row.map((n, h) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day
                    key={h}
                    className={`h-6 min-w-6 border border-white ${n / max > 0.5 ? "text-white" : "text-gray-900"}`}
                    style={{
                      backgroundColor: `rgba(29, 78, 216, ${max ? (0.08 + (0.92 * n) / max).toFixed(2) : 0})`,
                    }}
                  >
                    {n || ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Figure>
  );
}
