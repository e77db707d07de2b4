import { auditLogs } from "../../db/schema";
import type { DbOrTx } from "../../db/client";

/** Who did it and from where; built from the request by `actorOf(c)`. */
export type Actor = { userId: number | null; ip: string | null; userAgent: string | null };
export const SYSTEM_ACTOR: Actor = { userId: null, ip: null, userAgent: null };

const SECRET_KEYS = new Set([
  "password",
  "passwordHash",
  "currentPassword",
  "newPassword",
  "token",
  "sid",
  "sess",
]);

/** Removes secrets and turns Dates into ISO strings so the JSON column stays readable. */
function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEYS.has(k)) out[k] = scrub(v);
    return out;
  }
  return value;
}

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  oldValue?: unknown;
  newValue?: unknown;
};

/** Writes one audit row; call inside the mutation's transaction so both commit or neither. */
export function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry, now: Date) {
  tx.insert(auditLogs)
    .values({
      userId: actor.userId,
      action: entry.action.slice(0, 50),
      entityType: entry.entityType.slice(0, 50),
      entityId: entry.entityId == null ? null : String(entry.entityId).slice(0, 255),
      oldValue: entry.oldValue === undefined ? null : scrub(entry.oldValue),
      newValue: entry.newValue === undefined ? null : scrub(entry.newValue),
      ipAddress: actor.ip?.slice(0, 45) ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    })
    .run();
}

/** Only the fields that changed, for 'field: old → new' in the audit table. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const oldValue: Record<string, unknown> = {};
  const newValue: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    const same =
      a instanceof Date && b instanceof Date
        ? a.getTime() === b.getTime()
        : JSON.stringify(a) === JSON.stringify(b);
    if (!same) {
      oldValue[key] = a;
      newValue[key] = b;
    }
  }
  return { oldValue, newValue };
}
