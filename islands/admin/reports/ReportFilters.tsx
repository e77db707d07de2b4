import { useId, useState, type ReactNode } from "react";
import { useTags } from "../../lib/queries/tags";
import type { PublicConfig } from "../../../src/shared/dto";
import type { Assignee } from "../../lib/queries/tickets";
import { PRESETS, shiftDay, type Preset, type Range } from "./range";

export type Filters = Record<
  "department" | "type" | "company" | "priority" | "channel" | "agent" | "tags",
  string
>;
export const NO_FILTERS: Filters = {
  department: "",
  type: "",
  company: "",
  priority: "",
  channel: "",
  agent: "",
  tags: "",
};

const CHANNELS = ["portal", "email", "phone", "walk-in", "staff"];
const input = "rounded border border-gray-300 bg-white px-2 py-1 text-sm";

/** A label beside (not around) its control, so the control's name is the label alone. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-gray-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice(p: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field label={p.label}>
      {(id) => (
        <select id={id} className={input} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
          <option value="">All</option>
          {p.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Tags separated by commas, applied on leaving the field or on Enter: tickets carrying any of them. */
function TagsChoice({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const tags = useTags().data ?? [];
  const done = draft.split(",").slice(0, -1).join(",");
  const commit = () => draft.trim() !== value && onChange(draft.trim());
  return (
    <Field label="Tags (any of)">
      {(id) => (
        <>
          <input
            id={id}
            className={input}
            list={`${id}-list`}
            value={draft}
            placeholder="vip, printer"
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => e.key === "Enter" && commit()}
          />
          <datalist id={`${id}-list`}>
            {tags.map((t) => (
              <option key={t.id} value={done ? `${done}, ${t.name}` : t.name} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** The range (presets or two days, both shown inclusive) and the filters every figure follows. */
export function ReportFilters(p: {
  preset: Preset;
  range: Range;
  filters: Filters;
  config: PublicConfig;
  agents: Assignee[];
  onPreset: (p: Preset) => void;
  onRange: (r: Range) => void;
  onFilters: (f: Filters) => void;
}) {
  const set = (k: keyof Filters) => (v: string) => p.onFilters({ ...p.filters, [k]: v });
  const last = shiftDay(p.range.to, -1);
  return (
    <section
      aria-label="Range and filters"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 print:hidden"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Range">
          {(id) => (
            <select
              id={id}
              className={input}
              value={p.preset}
              onChange={(e) => p.onPreset(e.target.value as Preset)}
            >
              {PRESETS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From">
          {(id) => (
            <input
              id={id}
              type="date"
              className={input}
              value={p.range.from}
              max={last}
              onChange={(e) => e.target.value && p.onRange({ from: e.target.value, to: p.range.to })}
            />
          )}
        </Field>
        <Field label="To">
          {(id) => (
            <input
              id={id}
              type="date"
              className={input}
              value={last}
              min={p.range.from}
              onChange={(e) =>
                e.target.value && p.onRange({ from: p.range.from, to: shiftDay(e.target.value, 1) })
              }
            />
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        <Choice
          label="Department"
          value={p.filters.department}
          onChange={set("department")}
          options={p.config.departments.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label="Type"
          value={p.filters.type}
          onChange={set("type")}
          options={p.config.types.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label="Priority"
          value={p.filters.priority}
          onChange={set("priority")}
          options={p.config.priorities.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label="Company"
          value={p.filters.company}
          onChange={set("company")}
          options={p.config.companies.map((d) => ({ value: d.name, label: d.name }))}
        />
        <Choice
          label="Channel"
          value={p.filters.channel}
          onChange={set("channel")}
          options={CHANNELS.map((c) => ({ value: c, label: c }))}
        />
        <Choice
          label="Agent"
          value={p.filters.agent}
          onChange={set("agent")}
          options={[
            { value: "none", label: "Unassigned" },
            ...p.agents.map((a) => ({
              value: String(a.id),
              label: [a.firstName, a.lastName].filter(Boolean).join(" ") || String(a.id),
            })),
          ]}
        />
        <TagsChoice value={p.filters.tags} onChange={set("tags")} />
      </div>
    </section>
  );
}
