import type { CustomFieldDto } from "../../src/shared/custom-fields";
import { useI18n } from "../../src/i18n/react";

/** Which custom fields the List shows as columns: a checkbox per active field. */
export function FieldColumnsPicker({
  fields,
  chosen,
  onChange,
}: {
  fields: CustomFieldDto[];
  chosen: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useI18n();
  if (!fields.length) return null;
  const toggle = (key: string, on: boolean) =>
    onChange(
      on
        ? fields.map((f) => f.key).filter((k) => k === key || chosen.includes(k))
        : chosen.filter((k) => k !== key),
    );
  return (
    <details className="relative self-end text-sm">
      <summary className="cursor-pointer rounded-md border border-gray-300 bg-white px-3 py-1 font-medium text-gray-800">
        {t("columns.title")}
        {chosen.length ? ` (${chosen.length})` : ""}
      </summary>
      <fieldset className="absolute right-0 z-10 mt-1 grid max-h-72 min-w-[14rem] gap-1 overflow-y-auto rounded-md border border-gray-200 bg-white p-3 shadow">
        <legend className="sr-only">{t("columns.legend")}</legend>
        {fields.map((f) => (
          <label key={f.key} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(f.key)}
              onChange={(e) => toggle(f.key, e.target.checked)}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
