import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../src/i18n/react";

type Suggestion = { id: number; slug: string; title: string };
/** Suggestions start once a description says this much. */
const MIN_CHARS = 20;
const WAIT_MS = 500;

/** The words a search would use, so a new letter inside a word does not ask the server again. */
const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).slice(0, 12).join(" ");

export const recordDeflection = (body: { outcome: "solved"; articleId: number } | { outcome: "missed" }) =>
  fetch("/api/help/deflections", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);

/**
 * Up to three public articles matching what the visitor is typing. "This solved it" counts a
 * deflection and opens the article; `onShown` tells the form whether any were on screen when it was sent.
 */
export function HelpSuggestions({
  description,
  onShown,
}: {
  description: string;
  onShown: (shown: boolean) => void;
}) {
  const { t } = useI18n();
  const [items, setItems] = useState<Suggestion[]>([]);
  const asked = useRef("");
  const words = description.trim().length >= MIN_CHARS ? wordsOf(description) : "";
  useEffect(() => {
    if (!words || words === asked.current) return;
    const timer = setTimeout(async () => {
      asked.current = words;
      try {
        const res = await fetch(`/api/help/suggestions?q=${encodeURIComponent(words)}`);
        if (res.ok) setItems(((await res.json()) as { articles: Suggestion[] }).articles);
      } catch {
        // suggestions are a help, not a step: the form works without them
      }
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [words]);
  const shown = words ? items : [];
  useEffect(() => onShown(shown.length > 0), [shown.length, onShown]);
  return (
    <section aria-live="polite" aria-label={t("help.title")} className={shown.length ? "" : "hidden"}>
      {shown.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3">
          <h2 className="text-sm font-semibold text-amber-950">{t("help.title")}</h2>
          <ul className="mt-2 flex flex-col gap-2">
            {shown.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <a
                  href={`/help/${a.slug}`}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-blue-800 underline"
                >
                  {a.title}
                </a>
                <button
                  type="button"
                  className="rounded border border-amber-300 bg-white px-2 py-0.5 text-xs font-medium text-amber-950 hover:bg-amber-100"
                  onClick={async () => {
                    await recordDeflection({ outcome: "solved", articleId: a.id });
                    window.location.assign(`/help/${a.slug}`);
                  }}
                >
                  {t("help.solved")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
