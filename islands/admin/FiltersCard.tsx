import { type RefObject, useId, useState } from "react";
import { ChevronDown, ChevronUp } from "../../src/ui/icons";
import { Card } from "../../src/ui/Card";
import { Input, Label, NativeSelect } from "../../src/ui/Input";
import { Button } from "../../src/ui/Button";
import { DATE_PRESETS, DATE_PRESET_LABELS } from "../../src/shared/dates";
import { useStatuses } from "../lib/queries/statuses";
import { EMPTY_FILTERS, type Filters } from "./filters-state";
import { usePublicLists } from "../lib/queries/public-config";
import { TagsFilter } from "./TagsFilter";
import { FieldFilter } from "./FieldFilter";

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
  return (
    <Card>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center justify-between p-4 text-left text-lg font-semibold text-gray-900"
      >
        Search & Filters{" "}
        {open ? (
          <ChevronUp aria-hidden className="h-5 w-5" />
        ) : (
          <ChevronDown aria-hidden className="h-5 w-5" />
        )}
      </button>
      {open && (
        <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-1 sm:col-span-2 lg:col-span-4">
            <Label htmlFor={searchId}>Search</Label>
            <Input
              ref={searchRef}
              id={searchId}
              type="search"
              placeholder="Search by ticket ID, name, email, description or company"
              value={f.search}
              onChange={(e) => set({ search: e.target.value })}
            />
          </div>
          <Select
            label="Status"
            all="All Statuses"
            value={f.status}
            onChange={(status) => set({ status })}
            options={statuses.map((s) => ({ value: s.name, label: s.label }))}
          />
          <Select
            label="Department"
            all="All Departments"
            value={f.department}
            onChange={(department) => set({ department })}
            options={departments}
          />
          <Select
            label="Type"
            all="All Types"
            value={f.ticketType}
            onChange={(ticketType) => set({ ticketType })}
            options={types}
          />
          <Select
            label="Priority"
            all="All Priorities"
            value={f.priority}
            onChange={(priority) => set({ priority })}
            options={priorities}
          />
          <Select
            label="Company"
            all="All Companies"
            value={f.company}
            onChange={(company) => set({ company })}
            options={companies.map((c) => ({ value: c.label, label: c.label }))}
          />
          <Select
            label="Assigned To"
            all="Anyone"
            value={f.assignedTo}
            onChange={(assignedTo) => set({ assignedTo })}
            options={[
              { value: "me", label: "Me" },
              { value: "none", label: "Unassigned" },
            ]}
          />
          <Select
            label="Due"
            all="Any"
            value={f.due}
            onChange={(due) => set({ due })}
            options={[
              { value: "breached", label: "Breached" },
              { value: "due_soon", label: "Due soon" },
            ]}
          />
          <TagsFilter
            tags={f.tags}
            mode={f.tagsMode}
            onChange={(tags, tagsMode) => set({ tags, tagsMode })}
          />
          <Select
            label="Date"
            all={DATE_PRESET_LABELS.all}
            value={f.dateFilter}
            onChange={(d) => set({ dateFilter: d as Filters["dateFilter"] })}
            options={DATE_PRESETS.slice(1).map((p) => ({ value: p, label: DATE_PRESET_LABELS[p] }))}
          />
          {f.dateFilter === "custom" && (
            <>
              <DateField
                label="Start Date"
                value={f.startDate}
                onChange={(startDate) =>
                  set({ startDate, endDate: f.endDate && f.endDate < startDate ? "" : f.endDate })
                }
              />
              <DateField
                label="End Date"
                value={f.endDate}
                min={f.startDate}
                onChange={(endDate) => set({ endDate })}
              />
            </>
          )}
          {listView && (
            <>
              <DateField
                label="Processed From"
                value={f.processedStartDate}
                onChange={(v) => set({ processedStartDate: v })}
              />
              <DateField
                label="Processed To"
                value={f.processedEndDate}
                min={f.processedStartDate}
                onChange={(v) => set({ processedEndDate: v })}
              />
              <DateField
                label="Completed From"
                value={f.completedStartDate}
                onChange={(v) => set({ completedStartDate: v })}
              />
              <DateField
                label="Completed To"
                value={f.completedEndDate}
                min={f.completedStartDate}
                onChange={(v) => set({ completedEndDate: v })}
              />
            </>
          )}
          <FieldFilter value={f.fields} onChange={(fields) => set({ fields })} />
          <div className="flex items-end">
            <Button variant="outline" onClick={() => onChange(EMPTY_FILTERS)}>
              Clear Filters
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
