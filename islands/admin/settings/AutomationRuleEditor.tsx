import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import {
  ACTION_TYPES,
  type AutomationRuleInput,
  CONDITION_FIELDS,
  CONDITION_OPS,
  type DryRunDto,
  TIME_ANCHORS,
  TRIGGER_KINDS,
} from "../../../src/shared/schemas/automation";
import { useAssignees } from "../../lib/queries/tickets";
import { useCustomFields } from "../../lib/queries/custom-fields";
import { useI18n } from "../../../src/i18n/react";

type Condition = AutomationRuleInput["conditions"][number];
type Action = AutomationRuleInput["actions"][number];

export const EMPTY_RULE: AutomationRuleInput = {
  name: "",
  active: true,
  trigger: { kind: "created" },
  match: "all",
  conditions: [],
  actions: [{ type: "add_note", value: "" }],
};

const replaceAt = <T,>(list: T[], i: number, next: T) => list.map((x, j) => (j === i ? next : x));
const withoutAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** One action's inputs: an assignee list for "Assign to", a target and subject for e-mail, else one value. */
function ActionRow({ a, n, onChange }: { a: Action; n: number; onChange: (a: Action) => void }) {
  const id = useId();
  const { t } = useI18n();
  const assignees = useAssignees().data ?? [];
  const needsTarget = a.type === "send_email" || a.type === "set_field";
  return (
    <div className="grid min-w-[16rem] flex-1 gap-2 sm:grid-cols-3">
      <NativeSelect
        aria-label={t("rules.actionN", { n })}
        value={a.type}
        onChange={(e) => onChange({ type: e.target.value as Action["type"], value: "" })}
      >
        {ACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`rules.action.${type}`)}
          </option>
        ))}
      </NativeSelect>
      {needsTarget && (
        <Input
          aria-label={a.type === "send_email" ? t("rules.actionTo", { n }) : t("rules.actionFieldKey", { n })}
          placeholder={a.type === "send_email" ? t("rules.toPlaceholder") : t("rules.fieldKeyPlaceholder")}
          value={a.target ?? ""}
          onChange={(e) => onChange({ ...a, target: e.target.value })}
        />
      )}
      {a.type === "send_email" && (
        <Input
          aria-label={t("rules.actionSubject", { n })}
          placeholder={t("rules.subject")}
          value={a.subject ?? ""}
          onChange={(e) => onChange({ ...a, subject: e.target.value })}
        />
      )}
      {a.type === "set_assignee" ? (
        <NativeSelect
          aria-label={`Action ${n} value`}
          value={a.value}
          onChange={(e) => onChange({ ...a, value: e.target.value })}
        >
          <option value="">{t("rules.unassigned")}</option>
          {assignees.map((u) => (
            <option key={u.id} value={String(u.id)}>
              {[u.firstName, u.lastName].filter(Boolean).join(" ") || t("rules.userN", { id: u.id })}
            </option>
          ))}
        </NativeSelect>
      ) : a.type === "send_email" || a.type === "add_note" ? (
        <Textarea
          id={`${id}-v`}
          aria-label={t("rules.actionText", { n })}
          className="sm:col-span-3"
          value={a.value}
          onChange={(e) => onChange({ ...a, value: e.target.value })}
        />
      ) : (
        a.type !== "stop" && (
          <Input
            aria-label={`Action ${n} value`}
            value={a.value}
            onChange={(e) => onChange({ ...a, value: e.target.value })}
          />
        )
      )}
    </div>
  );
}

/** The form of one rule: trigger, conditions, actions; a dry run shows what it would match before saving. */
export function AutomationRuleEditor({
  rule,
  pending,
  dryRun,
  onDryRun,
  onSave,
  onCancel,
}: {
  rule: AutomationRuleInput;
  pending: boolean;
  dryRun: DryRunDto | null;
  onDryRun: (draft: AutomationRuleInput) => void;
  onSave: (draft: AutomationRuleInput) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const [draft, setDraft] = useState(rule);
  const custom = (useCustomFields().data ?? []).filter((f) => f.isActive);
  const set = (patch: Partial<AutomationRuleInput>) => setDraft((d) => ({ ...d, ...patch }));
  const trigger = draft.trigger;
  const setTrigger = (patch: Partial<AutomationRuleInput["trigger"]>) =>
    set({ trigger: { ...trigger, ...patch } });
  return (
    <form
      className="space-y-4"
      aria-label={rule.name ? t("rules.editRule", { name: rule.name }) : t("rules.newRule")}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-name`}>{t("rules.name")}</Label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-trigger`}>{t("rules.when")}</Label>
          <NativeSelect
            id={`${id}-trigger`}
            value={trigger.kind}
            onChange={(e) => {
              const kind = e.target.value as AutomationRuleInput["trigger"]["kind"];
              set({
                trigger:
                  kind === "time"
                    ? { kind, since: "status", amount: 8, unit: "hours", clock: "business" }
                    : { kind },
              });
            }}
          >
            {TRIGGER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`rules.trigger.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {trigger.kind === "time" && (
        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{t("rules.howLong")}</legend>
          <Input
            aria-label={t("rules.amount")}
            type="number"
            className="w-24"
            value={trigger.amount ?? 0}
            onChange={(e) => setTrigger({ amount: Number(e.target.value) })}
          />
          <NativeSelect
            aria-label={t("rules.clock")}
            value={trigger.clock ?? "business"}
            onChange={(e) => setTrigger({ clock: e.target.value as "business" })}
          >
            <option value="business">{t("rules.clock.business")}</option>
            <option value="calendar">{t("rules.clock.calendar")}</option>
          </NativeSelect>
          <NativeSelect
            aria-label={t("rules.unit")}
            value={trigger.unit ?? "hours"}
            onChange={(e) => setTrigger({ unit: e.target.value as "hours" })}
          >
            <option value="hours">{t("rules.unit.hours")}</option>
            <option value="days">{t("rules.unit.days")}</option>
          </NativeSelect>
          <NativeSelect
            aria-label={t("rules.counted")}
            value={trigger.since}
            onChange={(e) => setTrigger({ since: e.target.value as "status" })}
          >
            {TIME_ANCHORS.map((a) => (
              <option key={a} value={a}>
                {t(`rules.anchor.${a}`)}
              </option>
            ))}
          </NativeSelect>
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("rules.conditions")}</legend>
        <div className="flex items-center gap-2 text-sm font-medium text-gray-800">
          <span>{t("rules.if")}</span>
          <span className="w-28 shrink-0">
            <NativeSelect
              aria-label={t("rules.match")}
              value={draft.match}
              onChange={(e) => set({ match: e.target.value as "all" })}
            >
              <option value="all">{t("rules.match.all")}</option>
              <option value="any">{t("rules.match.any")}</option>
            </NativeSelect>
          </span>
          <span>{t("rules.ofTheseHold")}</span>
        </div>
        {draft.conditions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={i} className="grid gap-2 sm:grid-cols-[12rem_8rem_1fr_auto]">
            <NativeSelect
              aria-label={t("rules.conditionField", { n: i + 1 })}
              value={c.field}
              onChange={(e) =>
                set({
                  conditions: replaceAt(draft.conditions, i, {
                    ...c,
                    field: e.target.value as Condition["field"],
                  }),
                })
              }
            >
              {CONDITION_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {t(`rules.field.${f}`)}
                </option>
              ))}
              {custom.map((f) => (
                <option key={f.key} value={`cf.${f.key}`}>
                  {f.label}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label={t("rules.conditionOp", { n: i + 1 })}
              value={c.op}
              onChange={(e) =>
                set({
                  conditions: replaceAt(draft.conditions, i, { ...c, op: e.target.value as Condition["op"] }),
                })
              }
            >
              {CONDITION_OPS.map((o) => (
                <option key={o} value={o}>
                  {t(`rules.op.${o}`)}
                </option>
              ))}
            </NativeSelect>
            <Input
              aria-label={t("rules.conditionValue", { n: i + 1 })}
              value={c.value}
              onChange={(e) =>
                set({ conditions: replaceAt(draft.conditions, i, { ...c, value: e.target.value }) })
              }
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => set({ conditions: withoutAt(draft.conditions, i) })}
            >
              {t("rules.removeCondition", { n: i + 1 })}
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            set({ conditions: [...draft.conditions, { field: "ticketType", op: "is", value: "" }] })
          }
        >
          {t("rules.addCondition")}
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t("rules.then")}</legend>
        {draft.actions.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={i} className="flex flex-wrap items-start gap-2">
            <ActionRow
              a={a}
              n={i + 1}
              onChange={(next) => set({ actions: replaceAt(draft.actions, i, next) })}
            />
            {draft.actions.length > 1 && (
              <Button size="sm" variant="ghost" onClick={() => set({ actions: withoutAt(draft.actions, i) })}>
                {t("rules.removeAction", { n: i + 1 })}
              </Button>
            )}
          </div>
        ))}
        <Button
          size="sm"
          variant="outline"
          onClick={() => set({ actions: [...draft.actions, { type: "add_note", value: "" }] })}
        >
          {t("rules.addAction")}
        </Button>
      </fieldset>
      {dryRun && (
        <div role="status" className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800">
          <p>
            {t(dryRun.matches.length > 0 ? "rules.dryRunSome" : "rules.dryRunNone", {
              count: dryRun.matches.length,
              checked: dryRun.checked,
            })}
          </p>
          {dryRun.matches.length > 0 && (
            <p className="text-gray-700">
              {dryRun.matches
                .slice(0, 10)
                .map((m) => m.ticketId)
                .join(", ")}
              {dryRun.matches.length > 10 ? " …" : ""}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t("ui.cancel")}
          </Button>
        )}
        <Button variant="secondary" disabled={pending} onClick={() => onDryRun(draft)}>
          {t("rules.dryRun")}
        </Button>
        <Button type="submit" disabled={pending}>
          {t("rules.save")}
        </Button>
      </div>
    </form>
  );
}
