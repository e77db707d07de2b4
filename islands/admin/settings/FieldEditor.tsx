import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import { useI18n } from "../../../src/i18n/react";
import {
  FIELD_KINDS,
  hasOptions,
  type CustomFieldDto,
  type FieldKind,
} from "../../../src/shared/custom-fields";
import type { CustomFieldInput } from "../../../src/shared/schemas/custom-field";

export type FieldDraft = CustomFieldInput;

/** One option per line; a line keeps the id of the option it replaces, so renaming keeps values. */
const optionsFrom = (text: string, before: CustomFieldDto["options"]) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((label, i) => (before[i] ? { id: before[i]!.id, label } : { label }));

/** The form of one field: new (key and kind chosen once) or existing. */
export function FieldEditor({
  field,
  types,
  pending,
  onSave,
  onCancel,
}: {
  field?: CustomFieldDto;
  types: string[];
  pending: boolean;
  onSave: (draft: FieldDraft) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const [key, setKey] = useState(field?.key ?? "");
  const [label, setLabel] = useState(field?.label ?? "");
  const [kind, setKind] = useState<FieldKind>(field?.kind ?? "text");
  const [options, setOptions] = useState(field?.options.map((o) => o.label).join("\n") ?? "");
  const [required, setRequired] = useState(field?.required ?? false);
  const [helpText, setHelpText] = useState(field?.helpText ?? "");
  const [ticketTypes, setTicketTypes] = useState<string[]>(field?.ticketTypes ?? []);
  const [visibility, setVisibility] = useState(field?.visibility ?? "public");
  const toggleType = (t: string) =>
    setTicketTypes((ts) => (ts.includes(t) ? ts.filter((x) => x !== t) : [...ts, t]));
  const submit = () =>
    onSave({
      key,
      label,
      kind,
      options: hasOptions(kind) ? optionsFrom(options, field?.options ?? []) : [],
      required,
      helpText,
      ticketTypes,
      visibility,
      isActive: field?.isActive ?? true,
    });
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-label`}>{t("rules.fields.label")}</Label>
        <Input id={`${id}-label`} value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-key`}>{t("rules.fields.key")}</Label>
        <Input
          id={`${id}-key`}
          value={key}
          disabled={!!field}
          placeholder="seats"
          onChange={(e) => setKey(e.target.value)}
          maxLength={40}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-kind`}>{t("rules.fields.kind")}</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          disabled={!!field}
          onChange={(e) => setKind(e.target.value as FieldKind)}
        >
          {FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`rules.kind.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-visibility`}>{t("rules.fields.visibleTo")}</Label>
        <NativeSelect
          id={`${id}-visibility`}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as "public" | "staff")}
        >
          <option value="public">{t("rules.fields.everyone")}</option>
          <option value="staff">{t("rules.fields.staff")}</option>
        </NativeSelect>
      </div>
      {hasOptions(kind) && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-options`}>{t("rules.fields.options")}</Label>
          <Textarea id={`${id}-options`} value={options} onChange={(e) => setOptions(e.target.value)} />
        </div>
      )}
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor={`${id}-help`}>{t("rules.fields.help")}</Label>
        <Input
          id={`${id}-help`}
          value={helpText}
          onChange={(e) => setHelpText(e.target.value)}
          maxLength={500}
        />
      </div>
      <fieldset className="flex flex-wrap gap-3 text-sm sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">{t("rules.fields.types")}</legend>
        {types.map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input type="checkbox" checked={ticketTypes.includes(type)} onChange={() => toggleType(type)} />
            {type}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        {t("rules.fields.requiredBox")}
      </label>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t("ui.cancel")}
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {field ? t("rules.fields.saveField") : t("rules.fields.addField")}
        </Button>
      </div>
    </form>
  );
}
