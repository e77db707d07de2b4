import { TextField } from "../../../src/ui/FormField";
import type { Provisioning } from "./sign-in-draft";
import { useI18n } from "../../../src/i18n/react";

/** Who may be created at first sign-in, with what access, and how groups map to access. */
export function ProvisioningFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Provisioning;
  onChange: (next: Provisioning) => void;
}) {
  const { t } = useI18n();
  const set = (patch: Partial<Provisioning>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="col-span-full grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-gray-900">{t("access.provisioning.legend")}</legend>
      <label htmlFor={`${id}-create`} className="col-span-full flex items-center gap-2 text-sm text-gray-800">
        <input
          id={`${id}-create`}
          type="checkbox"
          checked={value.createUsers}
          onChange={(e) => set({ createUsers: e.target.checked })}
        />
        {t("access.provisioning.create")}
      </label>
      <label htmlFor={`${id}-role`} className="flex flex-col gap-1.5 text-sm font-medium text-gray-900">
        {t("access.provisioning.role")}
        <select
          id={`${id}-role`}
          className="rounded-md border border-gray-300 px-2 py-1.5"
          value={value.role}
          onChange={(e) => set({ role: e.target.value as Provisioning["role"] })}
        >
          <option value="staff">{t("access.provisioning.staff")}</option>
          <option value="admin">{t("access.provisioning.admin")}</option>
        </select>
      </label>
      <TextField
        id={`${id}-departments`}
        label={t("access.provisioning.departments")}
        value={value.departments}
        onChange={(e) => set({ departments: e.target.value })}
      />
      <TextField
        id={`${id}-companies`}
        label={t("access.provisioning.companies")}
        value={value.companies}
        onChange={(e) => set({ companies: e.target.value })}
      />
      <label
        htmlFor={`${id}-rules`}
        className="col-span-full flex flex-col gap-1.5 text-sm font-medium text-gray-900"
      >
        {t("access.provisioning.rules")}
        <textarea
          id={`${id}-rules`}
          rows={3}
          className="rounded-md border border-gray-300 px-2 py-1.5 font-mono text-sm"
          value={value.rules}
          onChange={(e) => set({ rules: e.target.value })}
        />
      </label>
    </fieldset>
  );
}
