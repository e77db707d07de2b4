import { diffLines } from "diff";
import { useI18n } from "../../../src/i18n/react";

/** Each part keyed by its kind and where it starts in the two texts, which no other part shares. */
function keyedParts(before: string, after: string) {
  let old = 0;
  let now = 0;
  return diffLines(before, after).map((p) => {
    const key = `${old}:${now}:${p.added ? "a" : p.removed ? "r" : "s"}`;
    if (!p.added) old += p.value.length;
    if (!p.removed) now += p.value.length;
    return { ...p, key };
  });
}

/** What changed between a kept revision and the text now: removed lines struck, added lines marked. */
export function RevisionDiff({ before, after }: { before: string; after: string }) {
  const { t } = useI18n();
  return (
    <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded border border-gray-200 bg-white p-2 text-xs">
      {keyedParts(before, after).map((p) =>
        p.added ? (
          <ins key={p.key} className="block bg-green-50 text-green-900 no-underline">
            <span className="sr-only">{t("kb.added")} </span>
            {p.value}
          </ins>
        ) : p.removed ? (
          <del key={p.key} className="block bg-red-50 text-red-900">
            <span className="sr-only">{t("kb.removed")} </span>
            {p.value}
          </del>
        ) : (
          <span key={p.key} className="block text-gray-600">
            {p.value}
          </span>
        ),
      )}
    </pre>
  );
}
