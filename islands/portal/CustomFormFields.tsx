import { useEffect, useState } from "react";
import { Input, NativeSelect, Textarea } from "../../src/ui/Input";
import type { PublicCustomField } from "../../src/shared/custom-fields";
import { Field } from "./Field";
import { useI18n } from "../../src/i18n/react";

/** The portal's custom fields, fetched once the form is shown (they are not part of the first paint). */
export function usePublicFields(): PublicCustomField[] {
  const [fields, setFields] = useState<PublicCustomField[]>([]);
  useEffect(() => {
    let live = true;
    fetch("/api/public/config/custom-fields")
      .then((r) => (r.ok ? r.json() : []))
      .then((f: PublicCustomField[]) => live && setFields(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return fields;
}

type Props = {
  fields: PublicCustomField[];
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  set: (key: string, value: unknown) => void;
};

const INPUT_TYPE = { text: "text", number: "number", date: "date", email: "email", url: "url" } as const;

/** The chosen request type's custom fields, each drawn by its kind. */
export function CustomFormFields({ fields, values, errors, set }: Props) {
  const { t } = useI18n();
  return fields.map((f) => {
    const error = errors[f.key];
    const help = f.helpText ? <p className="text-xs text-gray-600">{f.helpText}</p> : null;
    if (f.kind === "checkbox" || f.kind === "multi_select")
      return (
        <fieldset key={f.key} className="flex flex-col gap-1.5 sm:col-span-2" data-field={f.key}>
          <legend className="mb-1 text-sm font-medium text-gray-800">
            {f.label}
            {f.required && (
              <span className="ml-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            )}
          </legend>
          {help}
          {f.kind === "checkbox" ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                aria-invalid={error ? true : undefined}
                checked={values[f.key] === true}
                onChange={(e) => set(f.key, e.target.checked)}
              />
              {f.label}
            </label>
          ) : (
            <div className="flex flex-wrap gap-3">
              {f.options.map((o) => {
                const chosen = (values[f.key] as string[] | undefined) ?? [];
                return (
                  <label key={o.id} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(o.id)}
                      onChange={(e) =>
                        set(f.key, e.target.checked ? [...chosen, o.id] : chosen.filter((x) => x !== o.id))
                      }
                    />
                    {o.label}
                  </label>
                );
              })}
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </fieldset>
      );
    const value = String(values[f.key] ?? "");
    const onChange = (e: { target: { value: string } }) => set(f.key, e.target.value);
    return (
      <div key={f.key} className={f.kind === "long_text" ? "sm:col-span-2" : undefined} data-field={f.key}>
        <Field label={f.label} required={f.required} error={error}>
          {f.kind === "long_text" ? (
            <Textarea rows={3} value={value} onChange={onChange} />
          ) : f.kind === "select" ? (
            <NativeSelect value={value} onChange={onChange}>
              <option value="">{t("field.selectOption")}</option>
              {f.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input type={INPUT_TYPE[f.kind]} value={value} onChange={onChange} />
          )}
        </Field>
        {help}
      </div>
    );
  });
}
