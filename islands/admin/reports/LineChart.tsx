import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { useI18n } from "../../../src/i18n/react";

export type Series = { label: string; color: string; values: number[] };

/** Days "YYYY-MM-DD" (or months "YYYY-MM") as the chart's x values, in seconds. */
const xOf = (period: string) =>
  Date.parse(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`) / 1000;

/** Month and weekday names for the chart's axis in one language (uPlot names them in English). */
function dateNames(lang: string): uPlot.DateNames {
  const names = (n: number, at: (i: number) => number, o: Intl.DateTimeFormatOptions) =>
    Array.from({ length: n }, (_, i) =>
      new Intl.DateTimeFormat(lang, { ...o, timeZone: "UTC" }).format(at(i)),
    );
  const month = (i: number) => Date.UTC(2026, i, 1);
  const day = (i: number) => Date.UTC(2026, 0, 4 + i);
  return {
    MMMM: names(12, month, { month: "long" }),
    MMM: names(12, month, { month: "short" }),
    WWWW: names(7, day, { weekday: "long" }),
    WWW: names(7, day, { weekday: "short" }),
  };
}

/**
 * A line chart drawn by uPlot, loaded only when a chart is on screen; decorative for assistive
 * technology, which reads the table beside it.
 */
export function LineChart({
  periods,
  series,
  chart,
}: {
  periods: string[];
  series: Series[];
  /** Names the chart for tests and styles; never shown. */
  chart: string;
}) {
  const { lang } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: 240 }));
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return;
      const opts: uPlot.Options = {
        width: el.clientWidth,
        height: 240,
        legend: { show: false },
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        ...(lang === "en" ? {} : { fmtDate: (tpl: string) => UPlot.fmtDate(tpl, dateNames(lang)) }),
        scales: { x: { time: true } },
        axes: [{}, { size: 48 }],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: periods.length < 40 },
          })),
        ],
      };
      chart = new UPlot(opts, [periods.map(xOf), ...series.map((s) => s.values)], el);
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [periods, series, lang]);
  return (
    <figure className="flex min-w-0 flex-col gap-1" aria-hidden="true">
      <div ref={box} className="h-[240px] w-full overflow-hidden" data-chart={chart} />
      <figcaption className="flex flex-wrap gap-4 text-xs text-gray-700">
        {series.map((s) => (
          <span key={s.label} className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ backgroundColor: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
