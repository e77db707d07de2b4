import { useId, useState, type ReactNode } from "react";
import { Input } from "../../../src/ui/Input";
import { Spinner } from "../../../src/ui/Spinner";

/**
 * A search box over a short list to pick from, for the composer's pickers. Keyboard: arrows move,
 * Enter picks, Escape closes; the box keeps the focus throughout.
 */
export function SearchPicker<T extends { id: number }>({
  label,
  listLabel,
  items,
  pending,
  empty,
  onQuery,
  onPick,
  onClose,
  render,
  testId,
}: {
  label: string;
  listLabel: string;
  items: T[];
  pending: boolean;
  /** Said when the search found nothing; null while there is nothing to say. */
  empty: string | null;
  onQuery: (q: string) => void;
  onPick: (item: T) => void;
  onClose: () => void;
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [at, setAt] = useState(0);
  const pick = (i: number) => items[i] && onPick(items[i]);
  return (
    <div className="space-y-1 rounded-md border border-gray-200 bg-white p-2 shadow-sm" data-testid={testId}>
      <Input
        autoFocus
        aria-label={label}
        aria-controls={`${id}-list`}
        placeholder={label}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          onQuery(e.target.value);
          setAt(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setAt((i) => Math.min(i + 1, items.length - 1));
          else if (e.key === "ArrowUp") setAt((i) => Math.max(i - 1, 0));
          else if (e.key === "Enter") pick(at);
          else if (e.key === "Escape") onClose();
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {pending && <Spinner />}
      {empty !== null && <p className="text-sm text-gray-600">{empty}</p>}
      <div id={`${id}-list`} role="listbox" aria-label={listLabel} className="max-h-48 overflow-y-auto">
        {items.map((item, i) => (
          <div
            key={item.id}
            role="option"
            tabIndex={-1}
            aria-selected={i === at}
            className={`cursor-pointer rounded px-2 py-1 text-sm ${i === at ? "bg-blue-50" : ""}`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(i);
            }}
          >
            {render(item)}
          </div>
        ))}
      </div>
    </div>
  );
}
