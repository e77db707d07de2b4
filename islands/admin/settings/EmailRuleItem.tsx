import { useState } from "react";
import { Pencil, Trash2 } from "../../../src/ui/icons";
import { useToast } from "../../lib/toast";
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
  const [draft, setDraft] = useState<RuleDraft>(draftOf(rule));
  const update = useSettingsMutation(updateEmailRule(rule.id), {
    success: { title: "Updated successfully", description: "Email routing rule updated." },
    failure: (m) => ({ title: "Failed to update email route", description: m ?? undefined }),
    onSuccess: () => onEdit(false),
  });
  const remove = useSettingsMutation(deleteEmailRule(rule.id), {
    success: { title: "Deleted successfully", description: "Email routing rule deleted." },
    failure: (m) => ({ title: "Failed to delete email route", description: m ?? undefined }),
  });
  const save = () =>
    incomplete(draft)
      ? toast({ title: "Error", description: "Please fill in all required fields", variant: "destructive" })
      : update.mutate(draft);

  if (editing)
    return (
      <li className="rounded-md border border-blue-300 p-3" data-testid="email-rule">
        <EmailRuleFields idPrefix={`rule-${rule.id}`} value={draft} onChange={setDraft} lists={lists} />
        <div className="mt-3 flex gap-2">
          <Button size="sm" disabled={update.isPending} onClick={save}>
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={() => onEdit(false)}>
            Cancel
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
          {!rule.isActive && <Badge color="gray">Inactive</Badge>}
        </p>
        <p className="text-sm text-gray-700">{conditionSummary(rule, lists)}</p>
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
        aria-label={`Edit ${rule.name}`}
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
        aria-label={`Delete ${rule.name}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(undefined)}
      >
        <Trash2 className="h-4 w-4 text-red-600" />
      </Button>
    </li>
  );
}
