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
import { useI18n } from "../../../src/i18n/react";
import { useSettingsMutation } from "./use-settings-mutation";

const PRESETS = [
  ["auto-close", "rules.preset.autoClose"],
  ["escalate-urgent", "rules.preset.escalate"],
  ["round-robin", "rules.preset.roundRobin"],
] as const;

const inputOf = ({ id: _id, position: _p, ...input }: AutomationRuleDto): AutomationRuleInput => input;

function Runs({ id }: { id: number }) {
  const { t, dateTime } = useI18n();
  const runs = useAutomationRuns(id).data;
  if (!runs) return null;
  if (runs.length === 0) return <p className="text-sm text-gray-600">{t("rules.noRuns")}</p>;
  return (
    <ul className="mt-2 max-h-64 space-y-1 overflow-auto text-sm" aria-label={t("rules.lastRuns")}>
      {runs.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are listed as read, newest first
        <li key={i} className={r.error ? "text-red-700" : "text-gray-700"}>
          {dateTime(r.at)} · {r.ticketId ?? "—"} · {r.error ?? r.actions.join("; ")}
        </li>
      ))}
    </ul>
  );
}

/** Settings → Automation: the rules in the order they run, each editable, switchable and with its last runs. */
export default function AutomationPanel() {
  const { t } = useI18n();
  const rules = useAutomationRules().data ?? [];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [showRuns, setShowRuns] = useState<number | null>(null);
  const [dryRun, setDryRun] = useState<DryRunDto | null>(null);
  const [draftKey, setDraftKey] = useState(0);
  const [preset, setPreset] = useState<AutomationRuleInput | null>(null);
  const failure = (m: string | null) => ({ title: t("rules.saveFailed"), description: m ?? undefined });
  const save = useSettingsMutation(saveAutomationRule, {
    success: (r) => ({ title: t("rules.saved", { name: r.name }) }),
    failure,
    onSuccess: () => {
      setEditing(null);
      setDryRun(null);
      setPreset(null);
    },
  });
  const remove = useSettingsMutation(deleteAutomationRule, {
    success: { title: t("rules.deleted") },
    failure,
  });
  const reorder = useSettingsMutation(reorderAutomationRules, {
    success: { title: t("rules.orderSaved") },
    failure,
  });
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
          <CardTitle level={2}>{t("rules.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {rules.length === 0 && <p className="text-sm text-gray-600">{t("rules.none")}</p>}
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
                        {[
                          t(`rules.trigger.${r.trigger.kind}`),
                          t("rules.summary", { conditions: r.conditions.length, actions: r.actions.length }),
                          ...(r.active ? [] : [t("rules.off")]),
                        ].join(" · ")}
                      </span>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t("rules.moveUp", { name: r.name })}
                        disabled={i === 0 || reorder.isPending}
                        onClick={() => move(i, -1)}
                      >
                        ↑
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t("rules.moveDown", { name: r.name })}
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
                        {r.active ? t("rules.turnOff") : t("rules.turnOn")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setShowRuns(showRuns === r.id ? null : r.id)}
                      >
                        {t("rules.runs")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setDryRun(null);
                          setEditing(r.id);
                        }}
                      >
                        {t("rules.edit")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(r.id)}
                      >
                        {t("ui.delete")}
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
          <CardTitle level={2}>{t("rules.add")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap gap-2">
            {PRESETS.map(([key, label]) => (
              <Button
                key={key}
                size="sm"
                variant="outline"
                className="h-auto min-h-8 py-1"
                onClick={() => startPreset(key)}
              >
                {t(label)}
              </Button>
            ))}
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
              {t("rules.newRule")}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
