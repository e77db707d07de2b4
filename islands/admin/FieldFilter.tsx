import { useId, useState } from "react";
import { Input, Label, NativeSelect } from "../../src/ui/Input";
import type { CustomFieldDto } from "../../src/shared/custom-fields";
import { useCustomFields } from "../lib/queries/custom-fields";
import { fieldParams, fieldsText } from "./field-filters";
import { useI18n } from "../../src/i18n/react";

/** One custom field filter of 'Search & Filters': a field, then its value, or a range for numbers and dates. */
export function FieldFilter({ value, onChange }: { value: string; onChange: (fields: string) => void }) {
  const id = useId();
  const fields = (useCustomFields().data ?? []).filter((f) => f.isActive);
  const { t } = useI18n();
  const params = fieldParams(value);
  const inUrl = Object.keys(params)[0]?.split(".")[1];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const key = chosen ?? inUrl ?? "";
  const field = fields.find((f) => f.key === key);
  if (!fields.length) return null;
  const set = (part: "" | ".min" | ".max", v: string) =>
    onChange(fieldsText(Object.entries({ ...params, [`cf.${key}${part}`]: v })));
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor={`${id}-field`}>{t("filters.customField")}</Label>
        <NativeSelect
          id={`${id}-field`}
          value={key}
          onChange={(e) => {
            setChosen(e.target.value);
            onChange("");
          }}
        >
          <option value="">{t("filters.none")}</option>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {field && <ValueInputs id={id} field={field} params={params} set={set} />}
    </>
  );
}

function ValueInputs({
  id,
  field: f,
  params,
  set,
}: {
  id: string;
  field: CustomFieldDto;
  params: Record<string, string>;
  set: (part: "" | ".min" | ".max", v: string) => void;
}) {
  const at = (part: string) => params[`cf.${f.key}${part}`] ?? "";
  const { t } = useI18n();
  if (f.kind === "number" || f.kind === "date") {
    const type = f.kind === "number" ? "number" : "date";
    return (
      <>
        <div className="space-y-1">
          <Label htmlFor={`${id}-min`}>{t("filters.atLeast", { label: f.label })}</Label>
          <Input
            id={`${id}-min`}
            type={type}
            value={at(".min")}
            onChange={(e) => set(".min", e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-max`}>{t("filters.atMost", { label: f.label })}</Label>
          <Input
            id={`${id}-max`}
            type={type}
            value={at(".max")}
            onChange={(e) => set(".max", e.target.value)}
          />
        </div>
      </>
    );
  }
  const choices =
    f.kind === "checkbox"
      ? [
          { id: "true", label: t("filters.yes") },
          { id: "false", label: t("filters.no") },
        ]
      : f.options;
  return (
    <div className="space-y-1">
      <Label htmlFor={`${id}-value`}>{t("filters.is", { label: f.label })}</Label>
      {choices.length ? (
        <NativeSelect id={`${id}-value`} value={at("")} onChange={(e) => set("", e.target.value)}>
          <option value="">{t("filters.any")}</option>
          {choices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input id={`${id}-value`} value={at("")} onChange={(e) => set("", e.target.value)} />
      )}
    </div>
  );
}
