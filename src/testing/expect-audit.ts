// Test-only: one way to read and assert the audit trail.
import { expect } from "bun:test";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AuditLogRow, auditLogs } from "../../db/schema";

type AuditWhere = { action?: string; entityType?: string; entityId?: string | number };

/** The audit rows matching every given field, oldest first. */
export function auditRows(t: { db: Db }, where: AuditWhere = {}): AuditLogRow[] {
  const conditions: SQL[] = [];
  if (where.action !== undefined) conditions.push(eq(auditLogs.action, where.action));
  if (where.entityType !== undefined) conditions.push(eq(auditLogs.entityType, where.entityType));
  if (where.entityId !== undefined) conditions.push(eq(auditLogs.entityId, String(where.entityId)));
  return t.db
    .select()
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(asc(auditLogs.id))
    .all();
}

/**
 * Asserts that the rows matching `where` are exactly `expected`, one for one and in order. Each expected
 * entry lists only the fields it cares about, compared with toEqual (so `expect.objectContaining` works
 * for a value where only some keys matter). Returns the rows for further checks.
 */
export function expectAudit(
  t: { db: Db },
  where: AuditWhere,
  expected: Partial<Record<keyof AuditLogRow, unknown>>[],
): AuditLogRow[] {
  const rows = auditRows(t, where);
  const seen = rows.map((row, i) => {
    const keys = Object.keys(expected[i] ?? expected[0] ?? {}) as (keyof AuditLogRow)[];
    return Object.fromEntries(keys.map((k) => [k, row[k]]));
  });
  expect(seen).toEqual(expected);
  return rows;
}
