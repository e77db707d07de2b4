import type { ConfigItemDto } from "../../../src/shared/dto";
import { EMAIL_CONDITION_TYPES } from "../../../src/shared/constants";
import { CONDITION_NEEDS } from "../../../src/shared/schemas/email-routing";
import { Input, Label, NativeSelect } from "../../../src/ui/Input";
import { CONDITION_LABELS } from "./email-summary";

export type RuleDraft = {
  name: string;
  emailAddresses: string;
  conditionType: (typeof EMAIL_CONDITION_TYPES)[number];
  departmentId: number | null;
  companyId: number | null;
  typeId: number | null;
  isActive: boolean;
};
export const EMPTY_RULE: RuleDraft = {
  name: "",
  emailAddresses: "",
  conditionType: "all",
  departmentId: null,
  companyId: null,
  typeId: null,
  isActive: true,
};
/** A missing name or addresses gives the toast 'Please fill in all required fields'. */
export const incomplete = (r: RuleDraft) => !r.name.trim() || !r.emailAddresses.trim();
export type Lists = { departments: ConfigItemDto[]; companies: ConfigItemDto[]; types: ConfigItemDto[] };

const PICKERS = [
  { key: "departmentId", list: "departments", label: "Department" },
  { key: "companyId", list: "companies", label: "Company" },
  { key: "typeId", list: "types", label: "Ticket Type" },
] as const;

/** Pickers shown per condition type, listing only active items. */
export function EmailRuleFields({
  idPrefix,
  value,
  onChange,
  lists,
}: {
  idPrefix: string;
  value: RuleDraft;
  onChange: (v: RuleDraft) => void;
  lists: Lists;
}) {
  const needs = CONDITION_NEEDS[value.conditionType];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-name`} required>
          Name
        </Label>
        <Input
          id={`${idPrefix}-name`}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-emails`} required>
          Email Addresses
        </Label>
        <Input
          id={`${idPrefix}-emails`}
          placeholder="it@example.com, lead@example.com"
          value={value.emailAddresses}
          onChange={(e) => onChange({ ...value, emailAddresses: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-condition`}>Condition</Label>
        <NativeSelect
          id={`${idPrefix}-condition`}
          value={value.conditionType}
          onChange={(e) =>
            onChange({ ...value, conditionType: e.target.value as RuleDraft["conditionType"] })
          }
        >
          {EMAIL_CONDITION_TYPES.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {PICKERS.filter((p) => needs.includes(p.key)).map((p) => (
        <div key={p.key} className="space-y-1">
          <Label htmlFor={`${idPrefix}-${p.key}`} required>
            {p.label}
          </Label>
          <NativeSelect
            id={`${idPrefix}-${p.key}`}
            value={value[p.key] ?? ""}
            onChange={(e) => onChange({ ...value, [p.key]: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Select {p.label.toLowerCase()}</option>
            {lists[p.list]
              .filter((i) => i.isActive || i.id === value[p.key])
              .map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
          </NativeSelect>
        </div>
      ))}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={value.isActive}
          onChange={(e) => onChange({ ...value, isActive: e.target.checked })}
        />
        Active
      </label>
    </div>
  );
}
