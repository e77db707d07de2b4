import { useState, type FormEvent } from "react";
import { useToast } from "../../lib/toast";
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
  const rules = useEmailRules();
  const lists: Lists = {
    departments: useConfigList("departments").data ?? [],
    companies: useConfigList("companies").data ?? [],
    types: useConfigList("types").data ?? [],
  };
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE);
  const [editingId, setEditingId] = useState<number | null>(null);
  const create = useSettingsMutation(createEmailRule, {
    success: { title: "Created successfully", description: "Email routing rule created." },
    failure: (m) => ({ title: "Failed to create email route", description: m ?? undefined }),
    onSuccess: () => setDraft(EMPTY_RULE),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (incomplete(draft))
      return toast({
        title: "Error",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
    create.mutate(draft);
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Add Email Routing Rule</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-3" noValidate aria-label="Add email routing rule">
            <EmailRuleFields idPrefix="new-rule" value={draft} onChange={setDraft} lists={lists} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Rule"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Email Routing Rules</CardTitle>
          <OutboxStatusLine />
        </CardHeader>
        <CardContent>
          {rules.isPending && <Spinner />}
          {rules.isSuccess && rules.data.length === 0 && (
            <p className="text-sm text-gray-600">No email routing rules configured yet</p>
          )}
          <ul className="space-y-2" aria-label="Email routing rules">
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
