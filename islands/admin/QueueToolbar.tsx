import { useId } from "react";
import { Download } from "../../src/ui/icons";
import { NativeSelect } from "../../src/ui/Input";
import { cn } from "../../src/ui/cn";
import type { QueueState, Sort, View } from "./url-state";

const VIEWS: { value: View; label: string }[] = [
  { value: "kanban", label: "Kanban" },
  { value: "list", label: "List" },
  { value: "grid", label: "Grid" },
];
const SORTS: { value: Sort; label: string }[] = [
  { value: "created", label: "Created" },
  { value: "updated", label: "Updated" },
  { value: "priority", label: "Priority" },
  { value: "status", label: "Status" },
  { value: "due", label: "Due" },
];
const pill = (on: boolean) =>
  cn(
    "rounded px-3 py-1.5 text-sm font-medium",
    on ? "bg-blue-600 text-white" : "text-gray-700 hover:bg-gray-100",
  );

type Props = {
  state: QueueState;
  onChange: (p: Partial<QueueState>) => void;
  compact: boolean;
  onCompact: (c: boolean) => void;
  exportHref: string;
};

/** Sort, density, export and the view switch above the tickets. */
export function QueueToolbar({ state, onChange, compact, onCompact, exportHref }: Props) {
  const sortId = useId();
  const paged = state.view !== "kanban";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {paged && (
        <div className="flex items-center gap-1">
          <label htmlFor={sortId} className="text-sm text-gray-700">
            Sort by
          </label>
          <NativeSelect
            id={sortId}
            className="h-8 w-auto"
            value={state.sort}
            // by due, the most pressing ticket comes first
            onChange={(e) => {
              const sort = e.target.value as Sort;
              onChange(sort === "due" ? { sort, order: "asc" } : { sort });
            }}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Sort order"
            className="h-8 w-auto"
            value={state.order}
            onChange={(e) => onChange({ order: e.target.value as "asc" | "desc" })}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </NativeSelect>
        </div>
      )}
      {state.view === "list" && (
        <button
          type="button"
          aria-pressed={compact}
          onClick={() => onCompact(!compact)}
          className={cn(pill(compact), "border border-gray-300")}
        >
          Compact
        </button>
      )}
      <a
        href={exportHref}
        download
        className="inline-flex h-8 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50"
      >
        <Download aria-hidden className="h-4 w-4" /> Export CSV
      </a>
      <fieldset className="inline-flex rounded-md border border-gray-300 bg-white p-0.5">
        <legend className="sr-only">View</legend>
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={state.view === v.value}
            onClick={() => onChange({ view: v.value })}
            className={pill(state.view === v.value)}
          >
            {v.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
