import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { users } from "./users";

export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { length: 50 }).notNull(),
    entityType: text("entity_type", { length: 50 }).notNull(),
    entityId: text("entity_id", { length: 255 }),
    oldValue: text("old_value", { mode: "json" }).$type<unknown>(),
    newValue: text("new_value", { mode: "json" }).$type<unknown>(),
    ipAddress: text("ip_address", { length: 45 }),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt),
    index("audit_logs_entity_idx").on(t.entityType, t.createdAt),
    index("audit_logs_action_idx").on(t.action, t.createdAt),
    // one ticket's history on its page, without walking every ticket's rows
    index("audit_logs_entity_id_idx").on(t.entityType, t.entityId, t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;
