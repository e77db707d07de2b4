import type { ConfigItemDto } from "../../../src/shared/dto";
import { EMAIL_CONDITION_TYPES } from "../../../src/shared/constants";
import { CONDITION_NEEDS } from "../../../src/shared/schemas/email-routing";
import { Input, Label, NativeSelect } from "../../../src/ui/Input";
import { useI18n } from "../../../src/i18n/react";

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
  { key: "departmentId", list: "departments" },
  { key: "companyId", list: "companies" },
  { key: "typeId", list: "types" },
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
  const { t } = useI18n();
  const needs = CONDITION_NEEDS[value.conditionType];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-name`} required>
          {t("mail.route.name")}
        </Label>
        <Input
          id={`${idPrefix}-name`}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-emails`} required>
          {t("mail.route.addresses")}
        </Label>
        <Input
          id={`${idPrefix}-emails`}
          placeholder="it@example.com, lead@example.com"
          value={value.emailAddresses}
          onChange={(e) => onChange({ ...value, emailAddresses: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-condition`}>{t("mail.route.condition")}</Label>
        <NativeSelect
          id={`${idPrefix}-condition`}
          value={value.conditionType}
          onChange={(e) =>
            onChange({ ...value, conditionType: e.target.value as RuleDraft["conditionType"] })
          }
        >
          {EMAIL_CONDITION_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`mail.condition.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {PICKERS.filter((p) => needs.includes(p.key)).map((p) => (
        <div key={p.key} className="space-y-1">
          <Label htmlFor={`${idPrefix}-${p.key}`} required>
            {t(`mail.picker.${p.key}`)}
          </Label>
          <NativeSelect
            id={`${idPrefix}-${p.key}`}
            value={value[p.key] ?? ""}
            onChange={(e) => onChange({ ...value, [p.key]: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t(`mail.select.${p.key}`)}</option>
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
        {t("mail.route.active")}
      </label>
    </div>
  );
}
