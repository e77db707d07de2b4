import { appSettings } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { DbWriteCtx } from "../deps";
import { recordAudit } from "../audit/audit.service";
import { badRequest, notFound } from "../errors/domain-error";
import { storedSetting } from "../settings/stored-setting";
import type { AutomationRuleDto, AutomationRuleInput } from "../shared/schemas/automation";

const KEY = "automation-rules";

/** The rules in the order they run; one settings row, read once per write and parsed once per change. */
const parseRules = (value: string | null): AutomationRuleDto[] =>
  value ? (JSON.parse(value) as AutomationRuleDto[]).sort((a, b) => a.position - b.position) : [];
export const listRules = storedSetting(KEY, parseRules);

/** The active rules in order, kept apart so every write does not filter them again. */
export const activeRules = storedSetting(KEY, (value) => parseRules(value).filter((r) => r.active));

function saveRules(tx: DbOrTx, rules: AutomationRuleDto[], now: Date) {
  const value = JSON.stringify(rules.map((r, i) => ({ ...r, position: i + 1 })));
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}

type Edit = DbWriteCtx & { id?: number };

/** Adds a rule at the end of the order, or replaces one in place; audited with old and new. */
export function saveRule({
  db,
  actor,
  now,
  id,
  input,
}: Edit & { input: AutomationRuleInput }): AutomationRuleDto {
  return db.transaction(
    (tx) => {
      const rules = [...listRules(tx)];
      const at = id === undefined ? rules.length : rules.findIndex((r) => r.id === id);
      if (at < 0) throw notFound("Rule");
      const old = rules[at];
      const nextId = Math.max(0, ...rules.map((r) => r.id)) + 1;
      const rule = { ...input, id: old?.id ?? nextId, position: at + 1 };
      rules[at] = rule;
      saveRules(tx, rules, now);
      const action = old ? "updated" : "created";
      recordAudit(
        tx,
        actor,
        { action, entityType: "automation_rule", entityId: rule.id, oldValue: old, newValue: rule },
        now,
      );
      return rule;
    },
    { behavior: "immediate" },
  );
}

export function deleteRule({ db, actor, now, id }: Edit & { id: number }) {
  db.transaction(
    (tx) => {
      const rules = listRules(tx);
      const old = rules.find((r) => r.id === id);
      if (!old) throw notFound("Rule");
      saveRules(
        tx,
        rules.filter((r) => r.id !== id),
        now,
      );
      recordAudit(
        tx,
        actor,
        { action: "deleted", entityType: "automation_rule", entityId: id, oldValue: old },
        now,
      );
    },
    { behavior: "immediate" },
  );
}

/** Puts the rules in the order given (every id once); audited as one change of order. */
export function reorderRules({ db, actor, now, ids }: Edit & { ids: number[] }): AutomationRuleDto[] {
  return db.transaction(
    (tx) => {
      const rules = listRules(tx);
      const byId = new Map(rules.map((r) => [r.id, r]));
      if (ids.length !== rules.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
        throw badRequest("The order must list every rule once");
      const next = ids.map((id) => byId.get(id)!);
      saveRules(tx, next, now);
      const entry = { action: "reordered", entityType: "automation_rule", entityId: "order" };
      recordAudit(tx, actor, { ...entry, oldValue: rules.map((r) => r.id), newValue: ids }, now);
      return listRules(tx);
    },
    { behavior: "immediate" },
  );
}
