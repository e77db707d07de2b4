import { useId, useState } from "react";
import { Input } from "../../../src/ui/Input";
import { Spinner } from "../../../src/ui/Spinner";
import { useLinkableArticles } from "../../lib/queries/article-links";

/**
 * Help articles to link in a reply, searched as typed: the chosen one is handed to `onInsert` as its
 * title and the address the requester opens. Keyboard: arrows, Enter, Escape.
 */
export function ArticleLinkPicker({
  onInsert,
  onClose,
}: {
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [at, setAt] = useState(0);
  const found = useLinkableArticles(q);
  const list = q.trim().length >= 2 ? (found.data?.articles ?? []) : [];
  const pick = (i: number) => list[i] && onInsert(`${list[i].title}: ${list[i].url}`);
  return (
    <div
      className="space-y-1 rounded-md border border-gray-200 bg-white p-2 shadow-sm"
      data-testid="article-picker"
    >
      <Input
        autoFocus
        aria-label="Search help articles"
        aria-controls={`${id}-list`}
        placeholder="Search help articles"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setAt(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setAt((i) => Math.min(i + 1, list.length - 1));
          else if (e.key === "ArrowUp") setAt((i) => Math.max(i - 1, 0));
          else if (e.key === "Enter") pick(at);
          else if (e.key === "Escape") onClose();
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {found.isFetching && <Spinner />}
      {q.trim().length >= 2 && found.data?.articles.length === 0 && (
        <p className="text-sm text-gray-600">No published articles match</p>
      )}
      <div id={`${id}-list`} role="listbox" aria-label="Help articles" className="max-h-48 overflow-y-auto">
        {list.map((a, i) => (
          <div
            key={a.id}
            role="option"
            tabIndex={-1}
            aria-selected={i === at}
            className={`cursor-pointer rounded px-2 py-1 text-sm ${i === at ? "bg-blue-50" : ""}`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(i);
            }}
          >
            {a.title}
          </div>
        ))}
      </div>
    </div>
  );
}
