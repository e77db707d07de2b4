import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import {
  FIELD_KIND_LABELS,
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
        <Label htmlFor={`${id}-label`}>Label</Label>
        <Input id={`${id}-label`} value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-key`}>Key</Label>
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
        <Label htmlFor={`${id}-kind`}>Kind</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          disabled={!!field}
          onChange={(e) => setKind(e.target.value as FieldKind)}
        >
          {FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {FIELD_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-visibility`}>Visible to</Label>
        <NativeSelect
          id={`${id}-visibility`}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as "public" | "staff")}
        >
          <option value="public">Requesters and staff</option>
          <option value="staff">Staff only</option>
        </NativeSelect>
      </div>
      {hasOptions(kind) && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-options`}>Options (one per line)</Label>
          <Textarea id={`${id}-options`} value={options} onChange={(e) => setOptions(e.target.value)} />
        </div>
      )}
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor={`${id}-help`}>Help text</Label>
        <Input
          id={`${id}-help`}
          value={helpText}
          onChange={(e) => setHelpText(e.target.value)}
          maxLength={500}
        />
      </div>
      <fieldset className="flex flex-wrap gap-3 text-sm sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">Request types (none = all)</legend>
        {types.map((t) => (
          <label key={t} className="flex items-center gap-1">
            <input type="checkbox" checked={ticketTypes.includes(t)} onChange={() => toggleType(t)} />
            {t}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        Required
      </label>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {field ? "Save field" : "Add field"}
        </Button>
      </div>
    </form>
  );
}
