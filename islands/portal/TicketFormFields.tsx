import type { ReactNode } from "react";
import type { PublicConfig } from "../../src/shared/dto";
import { Input, NativeSelect, Textarea } from "../../src/ui/Input";
import type { PhoneRules } from "../../src/shared/phone";
import { usePhoneFormat } from "./usePhoneFormat";
import { cn } from "../../src/ui/cn";
import { Field } from "./Field";
import { TypeIcon } from "./TypeIcon";
import type { FieldErrors, TicketForm } from "./form-state";
import { useI18n } from "../../src/i18n/react";

type Props = {
  form: TicketForm;
  errors: FieldErrors;
  config: PublicConfig;
  phone: PhoneRules;
  set: <K extends keyof TicketForm>(key: K, value: TicketForm[K]) => void;
  /** The chosen type's custom fields, shown after the type. */
  children?: ReactNode;
};

/** The Submit tab's fields, required ones marked. */
export function TicketFormFields({ form, errors, config, phone, set, children }: Props) {
  const { t } = useI18n();
  const phoneFormat = usePhoneFormat(phone.country, form.phone, (v) => set("phone", v));
  const text = (key: keyof TicketForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label={t("field.firstName")} required error={errors.firstName}>
        <Input autoComplete="given-name" {...text("firstName")} />
      </Field>
      <Field label={t("field.lastName")} required error={errors.lastName}>
        <Input autoComplete="family-name" {...text("lastName")} />
      </Field>
      <Field label={t("field.email")} required error={errors.email}>
        <Input type="email" autoComplete="email" {...text("email")} />
      </Field>
      <Field label={t("field.phone")} required={phone.required} error={errors.phone}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phone.country === "US" ? "XXX-XXX-XXXX" : undefined}
          value={form.phone}
          onChange={(e) => set("phone", phoneFormat(e.target.value))}
        />
      </Field>
      <Field label={t("field.company")} required error={errors.companyId}>
        <NativeSelect {...text("companyId")}>
          <option value="">{t("field.selectCompany")}</option>
          {config.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={t("field.location")} error={errors.location}>
        <Input placeholder={t("field.locationPlaceholder")} {...text("location")} />
      </Field>
      <Field label={t("field.department")} required error={errors.department}>
        <NativeSelect {...text("department")}>
          <option value="">{t("field.selectDepartment")}</option>
          {config.departments.map((d) => (
            <option key={d.name} value={d.name}>
              {d.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={t("field.priority")} required error={errors.priority}>
        <NativeSelect {...text("priority")}>
          <option value="">{t("field.selectPriority")}</option>
          {config.priorities.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <fieldset
        className="flex flex-col gap-1.5 sm:col-span-2"
        aria-describedby={errors.ticketType ? "type-error" : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium text-gray-800">
          {t("field.type")}
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {config.types.map((type) => (
            <label
              key={type.name}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500",
                form.ticketType === type.name
                  ? "border-blue-600 bg-blue-50 text-blue-900"
                  : "border-gray-300 bg-white",
              )}
            >
              <input
                type="radio"
                name="ticketType"
                value={type.name}
                checked={form.ticketType === type.name}
                onChange={() => set("ticketType", type.name)}
                className="sr-only"
                required
              />
              <TypeIcon icon={type.icon} />
              <span className="truncate">{type.label}</span>
            </label>
          ))}
        </div>
        {errors.ticketType && (
          <p id="type-error" role="alert" className="text-sm text-red-600">
            {errors.ticketType}
          </p>
        )}
      </fieldset>
      {children}
      <Field label={t("field.description")} required error={errors.description} className="sm:col-span-2">
        <Textarea rows={5} placeholder={t("field.descriptionPlaceholder")} {...text("description")} />
      </Field>
      {/* Honeypot (CONTRACT: Access): invisible to people and screen readers, filled by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input tabIndex={-1} autoComplete="off" name="website" {...text("website")} />
        </label>
      </div>
    </div>
  );
}
