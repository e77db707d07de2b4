import { useId, useState, type ReactNode } from "react";
import { useTags } from "../../lib/queries/tags";
import type { PublicConfig } from "../../../src/shared/dto";
import type { Assignee } from "../../lib/queries/tickets";
import { PRESETS, shiftDay, type Preset, type Range } from "./range";
import { useI18n } from "../../../src/i18n/react";
import type { StaffKey } from "../../../src/i18n/staff/en";

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

const CHANNELS: [string, StaffKey][] = [
  ["portal", "reports.channel.portal"],
  ["email", "reports.channel.email"],
  ["phone", "reports.channel.phone"],
  ["walk-in", "reports.channel.walkIn"],
  ["staff", "reports.channel.staff"],
];
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
  const { t } = useI18n();
  return (
    <Field label={p.label}>
      {(id) => (
        <select id={id} className={input} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
          <option value="">{t("reports.all")}</option>
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
  const { t: tr } = useI18n();
  const [draft, setDraft] = useState(value);
  const tags = useTags().data ?? [];
  const done = draft.split(",").slice(0, -1).join(",");
  const commit = () => draft.trim() !== value && onChange(draft.trim());
  return (
    <Field label={tr("reports.tags")}>
      {(id) => (
        <>
          <input
            id={id}
            className={input}
            list={`${id}-list`}
            value={draft}
            placeholder={tr("reports.tagsExample")}
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
  const { t } = useI18n();
  const set = (k: keyof Filters) => (v: string) => p.onFilters({ ...p.filters, [k]: v });
  const last = shiftDay(p.range.to, -1);
  return (
    <section
      aria-label={t("reports.filters")}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 print:hidden"
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t("reports.range")}>
          {(id) => (
            <select
              id={id}
              className={input}
              value={p.preset}
              onChange={(e) => p.onPreset(e.target.value as Preset)}
            >
              {PRESETS.map((o) => (
                <option key={o} value={o}>
                  {t(`reports.preset.${o}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("reports.from")}>
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
        <Field label={t("reports.to")}>
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
          label={t("reports.department")}
          value={p.filters.department}
          onChange={set("department")}
          options={p.config.departments.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label={t("reports.type")}
          value={p.filters.type}
          onChange={set("type")}
          options={p.config.types.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label={t("reports.priority")}
          value={p.filters.priority}
          onChange={set("priority")}
          options={p.config.priorities.map((d) => ({ value: d.name, label: d.label }))}
        />
        <Choice
          label={t("reports.company")}
          value={p.filters.company}
          onChange={set("company")}
          options={p.config.companies.map((d) => ({ value: d.name, label: d.name }))}
        />
        <Choice
          label={t("reports.channel")}
          value={p.filters.channel}
          onChange={set("channel")}
          options={CHANNELS.map(([value, label]) => ({ value, label: t(label) }))}
        />
        <Choice
          label={t("reports.agent")}
          value={p.filters.agent}
          onChange={set("agent")}
          options={[
            { value: "none", label: t("reports.unassigned") },
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
