import { type RefObject, useId, useState } from "react";
import { ChevronDown, ChevronUp } from "../../src/ui/icons";
import { Card } from "../../src/ui/Card";
import { Input, Label, NativeSelect } from "../../src/ui/Input";
import { Button } from "../../src/ui/Button";
import { DATE_PRESETS } from "../../src/shared/dates";
import { useStatuses } from "../lib/queries/statuses";
import { EMPTY_FILTERS, type Filters } from "./filters-state";
import { usePublicLists } from "../lib/queries/public-config";
import { TagsFilter } from "./TagsFilter";
import { FieldFilter } from "./FieldFilter";
import { useI18n } from "../../src/i18n/react";

type Props = {
  filters: Filters;
  onChange: (f: Filters) => void;
  listView: boolean;
  /** Given by the page so a shortcut can open the card and focus the search. */
  open?: boolean;
  onOpenChange?: (o: boolean) => void;
  searchRef?: RefObject<HTMLInputElement | null>;
};

function Select({
  label,
  value,
  onChange,
  options,
  all,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  all: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="all">{all}</option>
        {value !== "all" && !options.some((o) => o.value === value) && (
          // several values at once, as a quick view sets them
          <option value={value}>{value.split(",").join(", ")}</option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function DateField({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** 'Search & Filters', collapsed by default; the end pickers refuse days before their start. */
export function FiltersCard({ filters: f, onChange, listView, searchRef, ...props }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const statuses = useStatuses();
  const open = props.open ?? ownOpen;
  const setOpen = props.onOpenChange ?? setOwnOpen;
  const set = (patch: Partial<Filters>) => onChange({ ...f, ...patch });
  const lists = usePublicLists();
  const opts = (items: { name: string; label?: string }[] = []) =>
    items.map((o) => ({ value: o.name, label: o.label ?? o.name }));
  const [departments, types, priorities, companies] = [
    opts(lists.departments),
    opts(lists.types),
    opts(lists.priorities),
    opts(lists.companies),
  ];
  const searchId = useId();
  const { t } = useI18n();
  return (
    <Card>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center justify-between p-4 text-left text-lg font-semibold text-gray-900"
      >
        {t("filters.title")}{" "}
        {open ? (
          <ChevronUp aria-hidden className="h-5 w-5" />
        ) : (
          <ChevronDown aria-hidden className="h-5 w-5" />
        )}
      </button>
      {open && (
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-1 sm:col-span-2 lg:col-span-4">
            <Label htmlFor={searchId}>{t("filters.search")}</Label>
            <Input
              ref={searchRef}
              id={searchId}
              type="search"
              placeholder={t("filters.searchPlaceholder")}
              value={f.search}
              onChange={(e) => set({ search: e.target.value })}
            />
          </div>
          <Select
            label={t("filters.status")}
            all={t("filters.allStatuses")}
            value={f.status}
            onChange={(status) => set({ status })}
            options={statuses.map((s) => ({ value: s.name, label: s.label }))}
          />
          <Select
            label={t("filters.department")}
            all={t("filters.allDepartments")}
            value={f.department}
            onChange={(department) => set({ department })}
            options={departments}
          />
          <Select
            label={t("filters.type")}
            all={t("filters.allTypes")}
            value={f.ticketType}
            onChange={(ticketType) => set({ ticketType })}
            options={types}
          />
          <Select
            label={t("filters.priority")}
            all={t("filters.allPriorities")}
            value={f.priority}
            onChange={(priority) => set({ priority })}
            options={priorities}
          />
          <Select
            label={t("filters.company")}
            all={t("filters.allCompanies")}
            value={f.company}
            onChange={(company) => set({ company })}
            options={companies.map((c) => ({ value: c.label, label: c.label }))}
          />
          <Select
            label={t("filters.assignedTo")}
            all={t("filters.anyone")}
            value={f.assignedTo}
            onChange={(assignedTo) => set({ assignedTo })}
            options={[
              { value: "me", label: t("filters.me") },
              { value: "none", label: t("filters.unassigned") },
            ]}
          />
          <Select
            label={t("filters.due")}
            all={t("filters.any")}
            value={f.due}
            onChange={(due) => set({ due })}
            options={[
              { value: "breached", label: t("filters.breached") },
              { value: "due_soon", label: t("filters.dueSoon") },
            ]}
          />
          <TagsFilter
            tags={f.tags}
            mode={f.tagsMode}
            onChange={(tags, tagsMode) => set({ tags, tagsMode })}
          />
          <Select
            label={t("filters.date")}
            all={t("filters.date.all")}
            value={f.dateFilter}
            onChange={(d) => set({ dateFilter: d as Filters["dateFilter"] })}
            options={DATE_PRESETS.slice(1).map((p) => ({ value: p, label: t(`filters.date.${p}`) }))}
          />
          {f.dateFilter === "custom" && (
            <>
              <DateField
                label={t("filters.startDate")}
                value={f.startDate}
                onChange={(startDate) =>
                  set({ startDate, endDate: f.endDate && f.endDate < startDate ? "" : f.endDate })
                }
              />
              <DateField
                label={t("filters.endDate")}
                value={f.endDate}
                min={f.startDate}
                onChange={(endDate) => set({ endDate })}
              />
            </>
          )}
          {listView && (
            <>
              <DateField
                label={t("filters.processedFrom")}
                value={f.processedStartDate}
                onChange={(v) => set({ processedStartDate: v })}
              />
              <DateField
                label={t("filters.processedTo")}
                value={f.processedEndDate}
                min={f.processedStartDate}
                onChange={(v) => set({ processedEndDate: v })}
              />
              <DateField
                label={t("filters.completedFrom")}
                value={f.completedStartDate}
                onChange={(v) => set({ completedStartDate: v })}
              />
              <DateField
                label={t("filters.completedTo")}
                value={f.completedEndDate}
                min={f.completedStartDate}
                onChange={(v) => set({ completedEndDate: v })}
              />
            </>
          )}
          <FieldFilter value={f.fields} onChange={(fields) => set({ fields })} />
          <div className="flex items-end">
            <Button variant="outline" onClick={() => onChange(EMPTY_FILTERS)}>
              {t("filters.clear")}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
