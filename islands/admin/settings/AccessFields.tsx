import { Switch } from "radix-ui";
import type { ConfigItemDto } from "../../../src/shared/dto";
import { Label } from "../../../src/ui/Input";
import { useConfigList } from "../../lib/queries/config-lists";
import { useI18n } from "../../../src/i18n/react";

export type Access = { allowedDepartments: string[]; allowedCompanies: string[]; canViewAllTickets: boolean };

const toggle = (list: string[], name: string) =>
  list.includes(name) ? list.filter((n) => n !== name) : [...list, name];

function Picks({
  legend,
  items,
  value,
  onChange,
}: {
  legend: string;
  items: ConfigItemDto[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  // Names already granted stay visible even if the item was deactivated since.
  const names = [...new Set([...items.filter((i) => i.isActive).map((i) => i.name), ...value])];
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {names.map((n) => (
          <label key={n} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={value.includes(n)}
              onChange={() => onChange(toggle(value, n))}
            />
            {n}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Staff access: departments and companies from the configured lists, or all tickets. */
export function AccessFields({ value, onChange }: { value: Access; onChange: (v: Access) => void }) {
  const { t } = useI18n();
  const depts = useConfigList("departments");
  const cos = useConfigList("companies");
  return (
    <div className="space-y-3 rounded-md border border-gray-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="all-tickets">{t("access.allTickets")}</Label>
        <Switch.Root
          id="all-tickets"
          checked={value.canViewAllTickets}
          onCheckedChange={(c) => onChange({ ...value, canViewAllTickets: c })}
          className="relative h-6 w-11 rounded-full bg-gray-300 data-[state=checked]:bg-blue-600"
        >
          <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>
      {!value.canViewAllTickets && (
        <>
          <Picks
            legend={t("access.departments")}
            items={depts.data ?? []}
            value={value.allowedDepartments}
            onChange={(v) => onChange({ ...value, allowedDepartments: v })}
          />
          <Picks
            legend={t("access.companies")}
            items={cos.data ?? []}
            value={value.allowedCompanies}
            onChange={(v) => onChange({ ...value, allowedCompanies: v })}
          />
          <p className="text-xs text-gray-500">{t("access.onlyAssigned")}</p>
        </>
      )}
    </div>
  );
}
