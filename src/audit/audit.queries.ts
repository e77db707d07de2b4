import { and, count, desc, eq, type like, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLogs, users } from "../../db/schema";
import type { AuditLogDto } from "../shared/dto";

export type AuditQuery = {
  page: number;
  limit: number;
  entityType?: string;
  action?: string;
  search?: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function whereOf(q: AuditQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.entityType) parts.push(eq(auditLogs.entityType, q.entityType));
  if (q.action) parts.push(eq(auditLogs.action, q.action));
  if (q.search) {
    const p = `%${escapeLike(q.search)}%`;
    const l = (col: Parameters<typeof like>[0]) => sql`${col} LIKE ${p} ESCAPE '\\'`;
    parts.push(
      or(
        l(auditLogs.action),
        l(auditLogs.entityType),
        l(auditLogs.entityId),
        l(auditLogs.ipAddress),
        l(auditLogs.oldValue),
        l(auditLogs.newValue),
        l(users.email),
        l(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`),
      ),
    );
  }
  return and(...parts);
}

/** Newest first, one page at a time, with the total for the pager. */
export function listAuditLogs(db: Db, q: AuditQuery): { logs: AuditLogDto[]; total: number } {
  const where = whereOf(q);
  const total = db
    .select({ n: count() })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .get()!.n;
  const rows = db
    .select({
      log: auditLogs,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  const logs = rows.map(({ log, ...u }) => ({
    ...log,
    ...u,
    userEmail: u.userEmail ?? null,
    userFirstName: u.userFirstName ?? null,
    userLastName: u.userLastName ?? null,
    createdAt: log.createdAt.toISOString(),
  }));
  return { logs, total };
}
