import { useState, type ReactNode } from "react";
import { Card, CardContent } from "../../../src/ui/Card";
import { reportUrl, type ReportKind, type ReportParams } from "./useReport";
import { useI18n } from "../../../src/i18n/react";

/**
 * The figure's table as CSV on the clipboard, the same text the download holds. The clipboard item is
 * handed a promise, so the click still counts as the user's gesture when the text arrives.
 */
async function copyCsv(url: string): Promise<void> {
  const text = fetch(url).then((r) => {
    if (!r.ok) throw new Error(String(r.status));
    return r.text();
  });
  if (typeof ClipboardItem !== "undefined") {
    const blob = text.then((t) => new Blob([t], { type: "text/plain" }));
    await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
  } else await navigator.clipboard.writeText(await text);
}

function CopyCsv({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const [said, setSaid] = useState("");
  const copy = () =>
    copyCsv(url).then(
      () => setSaid(t("reports.copied")),
      () => setSaid(t("reports.copyFailed")),
    );
  return (
    <>
      <span role="status" className="text-sm text-gray-700">
        {said}
      </span>
      <button type="button" onClick={copy} className="text-sm font-medium text-blue-700 hover:underline">
        {t("reports.copyCsv")}
        <span className="sr-only">{t("reports.ofTitle", { title })}</span>
      </button>
    </>
  );
}

/** A figure's card: its title, its table as CSV (copied or downloaded), and its loading, error and empty states. */
export function Figure({
  title,
  kind,
  params,
  state,
  emptyText,
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
  const { t } = useI18n();
  const id = `report-${kind}`;
  return (
    <Card className="min-w-0 break-inside-avoid">
      <CardContent className="flex flex-col gap-3 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            <CopyCsv url={reportUrl(kind, params, true)} title={title} />
            <a
              href={reportUrl(kind, params, true)}
              download
              className="text-sm font-medium text-blue-700 hover:underline"
            >
              {t("reports.downloadCsv")}
              <span className="sr-only">{t("reports.ofTitle", { title })}</span>
            </a>
          </div>
        </div>
        {state.isPending ? (
          <p className="text-sm text-gray-600">{t("reports.loading")}</p>
        ) : state.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("reports.loadFailed")}
          </p>
        ) : state.empty ? (
          <p className="text-sm text-gray-600">{emptyText ?? t("reports.empty")}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** A plain table: every chart's figures, readable by screen readers and in print. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const { number } = useI18n();
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
                    {typeof cell === "number" ? number(cell) : cell}
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
