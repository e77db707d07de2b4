import { useState } from "react";
import { Pencil, Trash2 } from "../../../src/ui/icons";
import { useToast } from "../../lib/toast";
import { useI18n } from "../../../src/i18n/react";
import type { EmailRoutingDto } from "../../../src/shared/dto";
import { Badge } from "../../../src/ui/Badge";
import { Button } from "../../../src/ui/Button";
import { EmailRuleFields, incomplete, type Lists, type RuleDraft } from "./EmailRuleFields";
import { conditionSummary } from "./email-summary";
import { useSettingsMutation } from "./use-settings-mutation";
import { deleteEmailRule, updateEmailRule } from "../../lib/queries/email-routing";

const draftOf = (r: EmailRoutingDto): RuleDraft => ({
  name: r.name,
  emailAddresses: r.emailAddresses,
  conditionType: r.conditionType,
  departmentId: r.departmentId,
  companyId: r.companyId,
  typeId: r.typeId,
  isActive: r.isActive,
});

/** One rule: name, 'Inactive' badge, condition summary, addresses; inline edit (Save, Cancel) and delete. */
export function EmailRuleItem({
  rule,
  lists,
  editing,
  onEdit,
}: {
  rule: EmailRoutingDto;
  lists: Lists;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const toast = useToast();
  const { t } = useI18n();
  const [draft, setDraft] = useState<RuleDraft>(draftOf(rule));
  const update = useSettingsMutation(updateEmailRule(rule.id), {
    success: { title: t("mail.route.updated"), description: t("mail.route.updatedText") },
    failure: (m) => ({ title: t("mail.route.updateFailed"), description: m ?? undefined }),
    onSuccess: () => onEdit(false),
  });
  const remove = useSettingsMutation(deleteEmailRule(rule.id), {
    success: { title: t("mail.route.deleted"), description: t("mail.route.deletedText") },
    failure: (m) => ({ title: t("mail.route.deleteFailed"), description: m ?? undefined }),
  });
  const save = () =>
    incomplete(draft)
      ? toast({ title: t("settings.error"), description: t("access.required"), variant: "destructive" })
      : update.mutate(draft);

  if (editing)
    return (
      <li className="rounded-md border border-blue-300 p-3" data-testid="email-rule">
        <EmailRuleFields idPrefix={`rule-${rule.id}`} value={draft} onChange={setDraft} lists={lists} />
        <div className="mt-3 flex gap-2">
          <Button size="sm" disabled={update.isPending} onClick={save}>
            {t("mail.save")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onEdit(false)}>
            {t("ui.cancel")}
          </Button>
        </div>
      </li>
    );
  return (
    <li
      className="flex flex-wrap items-start gap-2 rounded-md border border-gray-200 p-3"
      data-testid="email-rule"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
          {rule.name}
          {!rule.isActive && <Badge color="gray">{t("mail.route.inactive")}</Badge>}
        </p>
        <p className="text-sm text-gray-700">{conditionSummary(t, rule, lists)}</p>
        <p className="break-all text-sm text-gray-600">
          {rule.emailAddresses
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean)
            .join(", ")}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("mail.route.edit", { name: rule.name })}
        onClick={() => {
          setDraft(draftOf(rule));
          onEdit(true);
        }}
      >
        <Pencil className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("mail.route.delete", { name: rule.name })}
        disabled={remove.isPending}
        onClick={() => remove.mutate(undefined)}
      >
        <Trash2 className="h-4 w-4 text-red-600" />
      </Button>
    </li>
  );
}
