import { useState } from "react";
import { Button } from "../../src/ui/Button";
import { appliesTo, displayValue, type FieldValue } from "../../src/shared/custom-fields";
import { saveTicketFields, useCustomFields, useTicketFieldValues } from "../lib/queries/custom-fields";
import { useApiMutation } from "../lib/queries/mutation";
import { ApiError, serverMessage } from "../lib/api";
import { useToast } from "../lib/toast";
import { CustomFormFields } from "../portal/CustomFormFields";
import { useI18n } from "../../src/i18n/react";

/** A ticket's custom fields: those of its type (and any other holding a value), shown and edited. */
export function DetailFields({ ticketId, ticketType }: { ticketId: number; ticketType: string }) {
  const toast = useToast();
  const { t } = useI18n();
  const defs = useCustomFields();
  const current = useTicketFieldValues(ticketId);
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useApiMutation(saveTicketFields, {
    onSuccess: () => {
      toast({ title: t("look.fieldsSaved") });
      setDraft(null);
    },
    onError: (err) => {
      const fieldErrors = (err instanceof ApiError && err.data?.errors) || {};
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^customFields\./, ""), v]),
        ),
      );
      toast({
        title: t("look.fieldsFailed"),
        description: serverMessage(err, "") || undefined,
        variant: "destructive",
      });
    },
  });
  const values = current.data?.values ?? {};
  const fields = (defs.data ?? []).filter((f) => f.isActive && (appliesTo(f, ticketType) || f.key in values));
  if (!fields.length) return null;
  const editable = fields.filter((f) => appliesTo(f, ticketType));
  return (
    <section data-testid="ticket-fields">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">{t("look.fields")}</h3>
        {!draft && editable.length > 0 && (
          <Button size="sm" variant="outline" onClick={() => setDraft({ ...values })}>
            {t("look.editFields")}
          </Button>
        )}
      </div>
      {draft ? (
        <form
          className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            const changed = Object.fromEntries(
              editable.map((f) => [f.key, (draft[f.key] ?? null) as FieldValue | null]),
            );
            save.mutate({ id: ticketId, values: changed, version: current.data?.version });
          }}
        >
          <CustomFormFields
            fields={editable}
            values={draft}
            errors={errors}
            set={(key, value) => {
              setDraft((d) => ({ ...d, [key]: value }));
              setErrors((e) => ({ ...e, [key]: undefined }));
            }}
          />
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="outline" onClick={() => setDraft(null)}>
              {t("look.cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t("look.saveFields")}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {fields.map((f) => (
            <div key={f.key}>
              <dt className="text-xs font-medium uppercase text-gray-600">
                {f.label}
                {f.visibility === "staff" ? ` ${t("look.staffOnly")}` : ""}
              </dt>
              <dd className="break-words text-sm text-gray-900">{displayValue(f, values[f.key]) || "—"}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
