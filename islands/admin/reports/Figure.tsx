import type { ReactNode } from "react";
import { Card, CardContent } from "../../../src/ui/Card";
import { reportUrl, type ReportKind, type ReportParams } from "./useReport";

/** A figure's card: its title, a CSV download of its table, and its loading, error and empty states. */
export function Figure({
  title,
  kind,
  params,
  state,
  emptyText = "No tickets in this range.",
  children,
}: {
  title: string;
  kind: ReportKind;
  params: ReportParams;
  state: { isPending: boolean; isError: boolean; empty: boolean };
  /** What an empty figure says, when "no tickets" would not be true. */
  emptyText?: string;
  children: ReactNode;
}) {
  const id = `report-${kind}`;
  return (
    <Card className="min-w-0 break-inside-avoid">
      <CardContent className="flex flex-col gap-3 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <a
            href={reportUrl(kind, params, true)}
            download
            className="text-sm font-medium text-blue-700 hover:underline print:hidden"
          >
            Download CSV<span className="sr-only"> of {title}</span>
          </a>
        </div>
        {state.isPending ? (
          <p className="text-sm text-gray-600">Loading...</p>
        ) : state.isError ? (
          <p role="alert" className="text-sm text-red-700">
            This figure could not be loaded. Please try again.
          </p>
        ) : state.empty ? (
          <p className="text-sm text-gray-600">{emptyText}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** A plain table: every chart's figures, readable by screen readers and in print. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls by keyboard too
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-300 text-gray-600">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-1 font-medium ${i ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered in place
            <tr key={i} className="border-b border-gray-100 last:border-0">
              {r.map((cell, j) =>
                j ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={j} className="px-2 py-1 text-right tabular-nums">
                    {cell}
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <th key={j} scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                    {cell}
                  </th>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A scrolling box that takes focus, so its rows scroll by keyboard too. */
export function Scroll({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard
    <section aria-label={label} tabIndex={0} className={className}>
      {children}
    </section>
  );
}
