import { useState, type FormEvent } from "react";
import { useToast } from "../../lib/toast";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Spinner } from "../../../src/ui/Spinner";
import { EMPTY_RULE, EmailRuleFields, incomplete, type Lists, type RuleDraft } from "./EmailRuleFields";
import { EmailRuleItem } from "./EmailRuleItem";
import { OutboxStatusLine } from "./OutboxStatusLine";
import { useSettingsMutation } from "./use-settings-mutation";
import { createEmailRule, useEmailRules } from "../../lib/queries/email-routing";
import { useConfigList } from "../../lib/queries/config-lists";

/** The Email tab: create form, rule list, inline edit one rule at a time, delete. */
export function EmailRoutingPanel() {
  const toast = useToast();
  const { t } = useI18n();
  const rules = useEmailRules();
  const lists: Lists = {
    departments: useConfigList("departments").data ?? [],
    companies: useConfigList("companies").data ?? [],
    types: useConfigList("types").data ?? [],
  };
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE);
  const [editingId, setEditingId] = useState<number | null>(null);
  const create = useSettingsMutation(createEmailRule, {
    success: { title: t("mail.route.created"), description: t("mail.route.createdText") },
    failure: (m) => ({ title: t("mail.route.createFailed"), description: m ?? undefined }),
    onSuccess: () => setDraft(EMPTY_RULE),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (incomplete(draft))
      return toast({
        title: t("settings.error"),
        description: t("access.required"),
        variant: "destructive",
      });
    create.mutate(draft);
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("mail.route.add")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-3" noValidate aria-label={t("mail.route.addForm")}>
            <EmailRuleFields idPrefix="new-rule" value={draft} onChange={setDraft} lists={lists} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t("mail.route.creating") : t("mail.route.create")}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("mail.route.title")}</CardTitle>
          <OutboxStatusLine />
        </CardHeader>
        <CardContent>
          {rules.isPending && <Spinner />}
          {rules.isSuccess && rules.data.length === 0 && (
            <p className="text-sm text-gray-600">{t("mail.route.none")}</p>
          )}
          <ul className="space-y-2" aria-label={t("mail.route.list")}>
            {rules.data?.map((r) => (
              <EmailRuleItem
                key={r.id}
                rule={r}
                lists={lists}
                editing={editingId === r.id}
                onEdit={(on) => setEditingId(on ? r.id : null)}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
