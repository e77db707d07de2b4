import { useId } from "react";
import { Download } from "../../src/ui/icons";
import { NativeSelect } from "../../src/ui/Input";
import { cn } from "../../src/ui/cn";
import type { QueueState, Sort, View } from "./url-state";
import { useI18n } from "../../src/i18n/react";
import type { StaffKey } from "../../src/i18n/staff/en";

const VIEWS: { value: View; label: StaffKey }[] = [
  { value: "kanban", label: "queue.view.kanban" },
  { value: "list", label: "queue.view.list" },
  { value: "grid", label: "queue.view.grid" },
];
const SORTS: { value: Sort; label: StaffKey }[] = [
  { value: "created", label: "queue.sort.created" },
  { value: "updated", label: "queue.sort.updated" },
  { value: "priority", label: "queue.sort.priority" },
  { value: "status", label: "queue.sort.status" },
  { value: "due", label: "queue.sort.due" },
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
  const { t } = useI18n();
  const paged = state.view !== "kanban";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {paged && (
        <div className="flex items-center gap-1">
          <label htmlFor={sortId} className="text-sm text-gray-700">
            {t("queue.sortBy")}
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
                {t(s.label)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t("queue.order")}
            className="h-8 w-auto"
            value={state.order}
            onChange={(e) => onChange({ order: e.target.value as "asc" | "desc" })}
          >
            <option value="desc">{t("queue.desc")}</option>
            <option value="asc">{t("queue.asc")}</option>
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
          {t("queue.compact")}
        </button>
      )}
      <a
        href={exportHref}
        download
        className="inline-flex h-8 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50"
      >
        <Download aria-hidden className="h-4 w-4" /> {t("queue.export")}
      </a>
      <fieldset className="inline-flex rounded-md border border-gray-300 bg-white p-0.5">
        <legend className="sr-only">{t("queue.view")}</legend>
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={state.view === v.value}
            onClick={() => onChange({ view: v.value })}
            className={pill(state.view === v.value)}
          >
            {t(v.label)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
