import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { PublicConfig, TrackingMode } from "../../src/shared/dto";
import type { PhoneRules } from "../../src/shared/phone";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../src/ui/Card";
import {
  checkCustomFields,
  emptyForm,
  loadRules,
  toPayload,
  type FieldErrors,
  type TicketForm,
} from "./form-state";
import { CustomFormFields, usePublicFields } from "./CustomFormFields";
import { appliesTo } from "../../src/shared/custom-fields";
import { TicketFormFields } from "./TicketFormFields";
import { FileField } from "./FileField";
import { Confirmation } from "./Confirmation";
import { useSubmitTicket } from "./useSubmitTicket";
import { HelpSuggestions, recordDeflection } from "./HelpSuggestions";
import { useI18n } from "../../src/i18n/react";

/** The Submit tab: welcome banner, the form, then the confirmation card. */
export function SubmitTicketForm({
  config,
  tracking,
  phone,
  banner,
  promise,
  onSearchTicket,
}: {
  config: PublicConfig;
  phone: PhoneRules;
  /** The welcome banner, in the office's words. */
  banner: ReactNode;
  promise: string;
  tracking: TrackingMode;
  onSearchTicket: (ticketId: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [form, setForm] = useState<TicketForm>(() => emptyForm(config));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const allFields = usePublicFields();
  const fields = form.ticketType ? allFields.filter((f) => appliesTo(f, form.ticketType)) : [];
  const [custom, setCustom] = useState<Record<string, unknown>>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string | undefined>>({});
  // a refused send moves focus to the first field it marked, once the marks are on the page
  const focusInvalid = useRef(false);
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    if (Object.values({ ...errors, ...customErrors }).some(Boolean))
      document.querySelector<HTMLElement>("form [aria-invalid=true]")?.focus();
  }, [errors, customErrors]);
  const setField = (key: string, value: unknown) => {
    setCustom((c) => ({ ...c, [key]: value }));
    setCustomErrors((e) => ({ ...e, [key]: undefined }));
  };
  const [created, setCreated] = useState<string | null>(null);
  const [privateLink, setPrivateLink] = useState<string | null>(null);
  const suggested = useRef(false);
  const onSuggestions = useCallback((shown: boolean) => {
    suggested.current = shown;
  }, []);
  const submit = useSubmitTicket((c) => {
    setCreated(c.ticketId);
    setPrivateLink(c.privateLink);
  });
  const set = <K extends keyof TicketForm>(key: K, value: TicketForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const reset = () => {
    setForm(emptyForm(config));
    setFiles([]);
    setErrors({});
    setCustom({});
    setCustomErrors({});
    setCreated(null);
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { payload, errors: found } = await toPayload(form, config, phone, i18n);
    const checked = await checkCustomFields(fields, custom);
    const refused = Boolean(found || checked.errors);
    focusInvalid.current = refused;
    setErrors(found ?? {});
    setCustomErrors(checked.errors ?? {});
    if (refused) return;
    if (suggested.current) void recordDeflection({ outcome: "missed" });
    submit.mutate({ payload: { ...payload, customFields: checked.customFields }, files });
  };

  if (created)
    return (
      <Confirmation
        ticketId={created}
        privateLink={tracking === "verified" ? privateLink : null}
        promise={promise}
        onAnother={reset}
        onSearch={() => {
          reset();
          onSearchTicket(created);
        }}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      {banner}
      <Card>
        <CardHeader>
          <CardTitle>{t("submit.title")}</CardTitle>
          <CardDescription>{t("submit.required")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            onFocus={() => void loadRules()}
            noValidate
            className="relative flex flex-col gap-4"
            aria-label={t("submit.formLabel")}
          >
            <TicketFormFields form={form} errors={errors} config={config} phone={phone} set={set}>
              <CustomFormFields fields={fields} values={custom} errors={customErrors} set={setField} />
            </TicketFormFields>
            <HelpSuggestions description={form.description} onShown={onSuggestions} />
            <FileField files={files} onChange={setFiles} />
            <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto sm:self-end">
              {submit.isPending ? t("submit.submitting") : t("submit.submit")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
