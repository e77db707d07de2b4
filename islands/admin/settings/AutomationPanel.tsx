import { useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import type {
  AutomationRuleDto,
  AutomationRuleInput,
  DryRunDto,
} from "../../../src/shared/schemas/automation";
import {
  deleteAutomationRule,
  dryRunAutomationRule,
  fetchPresets,
  reorderAutomationRules,
  saveAutomationRule,
  useAutomationRules,
  useAutomationRuns,
} from "../../lib/queries/automations";
import { useApiMutation } from "../../lib/queries/mutation";
import { AutomationRuleEditor, EMPTY_RULE } from "./AutomationRuleEditor";
import { TRIGGER_LABELS } from "./automation-labels";
import { useSettingsMutation } from "./use-settings-mutation";

const inputOf = ({ id: _id, position: _p, ...input }: AutomationRuleDto): AutomationRuleInput => input;

function Runs({ id }: { id: number }) {
  const runs = useAutomationRuns(id).data;
  if (!runs) return null;
  if (runs.length === 0) return <p className="text-sm text-gray-600">No runs yet.</p>;
  return (
    <ul className="mt-2 max-h-64 space-y-1 overflow-auto text-sm" aria-label="Last runs">
      {runs.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are listed as read, newest first
        <li key={i} className={r.error ? "text-red-700" : "text-gray-700"}>
          {new Date(r.at).toLocaleString()} · {r.ticketId ?? "—"} · {r.error ?? r.actions.join("; ")}
        </li>
      ))}
    </ul>
  );
}

/** Settings → Automation: the rules in the order they run, each editable, switchable and with its last runs. */
export default function AutomationPanel() {
  const rules = useAutomationRules().data ?? [];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [showRuns, setShowRuns] = useState<number | null>(null);
  const [dryRun, setDryRun] = useState<DryRunDto | null>(null);
  const [draftKey, setDraftKey] = useState(0);
  const [preset, setPreset] = useState<AutomationRuleInput | null>(null);
  const failure = (m: string | null) => ({ title: "Failed to save the rule", description: m ?? undefined });
  const save = useSettingsMutation(saveAutomationRule, {
    success: (r) => ({ title: `Rule ${r.name} saved` }),
    failure,
    onSuccess: () => {
      setEditing(null);
      setDryRun(null);
      setPreset(null);
    },
  });
  const remove = useSettingsMutation(deleteAutomationRule, { success: { title: "Rule deleted" }, failure });
  const reorder = useSettingsMutation(reorderAutomationRules, { success: { title: "Order saved" }, failure });
  const dry = useApiMutation(dryRunAutomationRule, { onSuccess: setDryRun });
  const move = (i: number, by: number) => {
    const ids = rules.map((r) => r.id);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id!);
    reorder.mutate(ids);
  };
  const startPreset = async (key: string) => {
    const list = await fetchPresets({});
    const rulesOf = list.find((p) => p.key === key)?.rules ?? [];
    // a preset of two rules (reminder and close) saves the first here; the second is offered next
    for (const r of rulesOf.slice(1)) save.mutate({ input: r });
    setPreset(rulesOf[0] ?? null);
    setEditing("new");
    setDraftKey((k) => k + 1);
  };
  const editor = (rule: AutomationRuleInput, id?: number) => (
    <AutomationRuleEditor
      key={`${id ?? "new"}-${draftKey}`}
      rule={rule}
      pending={save.isPending || dry.isPending}
      dryRun={dryRun}
      onDryRun={(draft) => dry.mutate(draft)}
      onSave={(input) => save.mutate({ id, input })}
      onCancel={() => {
        setEditing(null);
        setDryRun(null);
        setPreset(null);
      }}
    />
  );
  return (
    <div className="space-y-4" data-testid="automation-settings">
      <Card>
        <CardHeader>
          <CardTitle level={2}>Automation Rules</CardTitle>
        </CardHeader>
        <CardContent>
          {rules.length === 0 && <p className="text-sm text-gray-600">No rules yet.</p>}
          <ol className="divide-y divide-gray-200">
            {rules.map((r, i) => (
              <li key={r.id} className="py-3" data-testid={`rule-${r.id}`}>
                {editing === r.id ? (
                  editor(inputOf(r), r.id)
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <span className="font-medium text-gray-900">{r.name}</span>{" "}
                      <span className="text-sm text-gray-600">
                        {TRIGGER_LABELS[r.trigger.kind]} · {r.conditions.length} conditions ·{" "}
                        {r.actions.length} actions{r.active ? "" : " · off"}
                      </span>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Move ${r.name} up`}
                        disabled={i === 0 || reorder.isPending}
                        onClick={() => move(i, -1)}
                      >
                        ↑
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Move ${r.name} down`}
                        disabled={i === rules.length - 1 || reorder.isPending}
                        onClick={() => move(i, 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={save.isPending}
                        onClick={() => save.mutate({ id: r.id, input: { ...inputOf(r), active: !r.active } })}
                      >
                        {r.active ? "Turn off" : "Turn on"}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setShowRuns(showRuns === r.id ? null : r.id)}
                      >
                        Runs
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setDryRun(null);
                          setEditing(r.id);
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(r.id)}
                      >
                        Delete
                      </Button>
                    </div>
                    {showRuns === r.id && (
                      <div className="w-full">
                        <Runs id={r.id} />
                      </div>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Add Rule</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => startPreset("auto-close")}>
              Preset: auto-close with reminder
            </Button>
            <Button size="sm" variant="outline" onClick={() => startPreset("escalate-urgent")}>
              Preset: escalate urgent before breach
            </Button>
            <Button size="sm" variant="outline" onClick={() => startPreset("round-robin")}>
              Preset: round robin
            </Button>
          </div>
          {editing === "new" || preset ? (
            editor(preset ?? EMPTY_RULE)
          ) : (
            <Button
              onClick={() => {
                setDryRun(null);
                setEditing("new");
              }}
            >
              New rule
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
