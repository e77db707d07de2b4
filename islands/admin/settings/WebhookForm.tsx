import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label } from "../../../src/ui/Input";
import {
  WEBHOOK_EVENT_NAMES,
  webhookSchema,
  type WebhookEvent,
  type WebhookInput,
} from "../../../src/shared/schemas/webhook";

import { useI18n } from "../../../src/i18n/react";

export const EMPTY_WEBHOOK: WebhookInput = {
  url: "",
  events: [...WEBHOOK_EVENT_NAMES],
  active: true,
  includeInternal: false,
};

/** URL, events and switches of one webhook; the same zod schema as the server decides what is valid. */
export function WebhookForm(props: {
  initial: WebhookInput;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal (an address it will not call), shown under the form. */
  serverError?: string | null;
  onSubmit: (input: WebhookInput) => void;
}) {
  const id = useId();
  const { t, message } = useI18n();
  const [draft, setDraft] = useState(props.initial);
  const [localError, setError] = useState<string | null>(null);
  const error = localError ?? props.serverError ?? null;
  const toggle = (event: WebhookEvent, on: boolean) =>
    setDraft((d) => ({ ...d, events: on ? [...d.events, event] : d.events.filter((e) => e !== event) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = webhookSchema.safeParse(draft);
    if (!parsed.success)
      return setError(message(parsed.error.issues[0]?.message ?? "") || t("mail.hook.invalid"));
    setError(null);
    props.onSubmit(parsed.data);
  };
  const check = (key: string, label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <label key={key} className="flex items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        className="h-4 w-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("mail.hook.form")}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-url`}>{t("mail.hook.url")}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          placeholder="https://example.com/hooks/helpdesk"
          value={draft.url}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-900">{t("mail.hook.events")}</legend>
        {WEBHOOK_EVENT_NAMES.map((ev) =>
          check(ev, t(`mail.event.${ev}`), draft.events.includes(ev), (on) => toggle(ev, on)),
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-900">{t("mail.hook.options")}</legend>
        {check("active", t("mail.hook.active"), draft.active, (on) => setDraft({ ...draft, active: on }))}
        {check("internal", t("mail.hook.includeInternal"), draft.includeInternal, (on) =>
          setDraft({ ...draft, includeInternal: on }),
        )}
      </fieldset>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={props.pending}>
        {props.pending ? t("mail.hook.saving") : props.submitLabel}
      </Button>
    </form>
  );
}
