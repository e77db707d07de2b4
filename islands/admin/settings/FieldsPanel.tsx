import { useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import type { CustomFieldDto } from "../../../src/shared/custom-fields";
import { useI18n } from "../../../src/i18n/react";
import { createCustomField, updateCustomField, useCustomFields } from "../../lib/queries/custom-fields";
import { useConfigList } from "../../lib/queries/config-lists";
import { FieldEditor } from "./FieldEditor";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Fields: the ticket form's custom fields, per request type. */
export default function FieldsPanel() {
  const { t } = useI18n();
  const where = (f: CustomFieldDto) =>
    f.ticketTypes.length ? f.ticketTypes.join(", ") : t("rules.fields.allTypes");
  const fields = useCustomFields();
  const types = (useConfigList("types").data ?? []).map((t) => t.name);
  const [editing, setEditing] = useState<number | null>(null);
  const failure = (m: string | null) => ({
    title: t("rules.fields.saveFailed"),
    description: m ?? undefined,
  });
  const create = useSettingsMutation(createCustomField, {
    success: (r) => ({ title: t("rules.fields.added", { label: r.label }) }),
    failure,
  });
  const update = useSettingsMutation(updateCustomField, {
    success: (r) => ({ title: t("rules.fields.saved", { label: r.label }) }),
    failure,
    onSuccess: () => setEditing(null),
  });
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="space-y-4" data-testid="fields-settings">
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t("rules.fields.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {fields.data?.length === 0 && <p className="text-sm text-gray-600">{t("rules.fields.none")}</p>}
          <ul className="divide-y divide-gray-200">
            {fields.data?.map((f) => (
              <li key={f.id} className="py-3" data-testid={`field-${f.key}`}>
                {editing === f.id ? (
                  <FieldEditor
                    field={f}
                    types={types}
                    pending={update.isPending}
                    onSave={({ key: _k, kind: _kind, ...input }) => update.mutate({ id: f.id, input })}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <span className="font-medium text-gray-900">{f.label}</span>{" "}
                      <span className="text-sm text-gray-600">
                        {[
                          f.key,
                          t(`rules.kind.${f.kind}`),
                          where(f),
                          ...(f.required ? [t("rules.fields.required")] : []),
                          ...(f.visibility === "staff" ? [t("rules.fields.staffOnly")] : []),
                          ...(f.isActive ? [] : [t("rules.fields.inactive")]),
                        ].join(" · ")}
                      </span>
                    </div>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(f.id)}>
                        {t("rules.edit")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={update.isPending}
                        onClick={() => update.mutate({ id: f.id, input: { isActive: !f.isActive } })}
                      >
                        {f.isActive ? t("rules.fields.deactivate") : t("rules.fields.activate")}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t("rules.fields.add")}</CardTitle>
        </CardHeader>
        <CardContent>
          <FieldEditor
            key={formKey}
            types={types}
            pending={create.isPending}
            onSave={(draft) => create.mutate(draft, { onSuccess: () => setFormKey((k) => k + 1) })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
