import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";

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

// Prepared once per connection: building the insert on every write cost more than running it.
const insertAudit = perConnection((client: Database) =>
  client.prepare<unknown, (string | number | null)[]>(
    `INSERT INTO audit_logs (user_id, action, entity_type, entity_id, old_value, new_value, ip_address, user_agent, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
);
const json = (value: unknown) => (value == null ? null : JSON.stringify(scrub(value)));

/** Writes one audit row; call inside the mutation's transaction so both commit or neither. */
export function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry, now: Date) {
  insertAudit(sqliteOf(tx)).run(
    actor.userId,
    entry.action.slice(0, 50),
    entry.entityType.slice(0, 50),
    entry.entityId == null ? null : String(entry.entityId).slice(0, 255),
    json(entry.oldValue),
    json(entry.newValue),
    actor.ip?.slice(0, 45) ?? null,
    actor.userAgent?.slice(0, 500) ?? null,
    now.getTime(),
  );
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
