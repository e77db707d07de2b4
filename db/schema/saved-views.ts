import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** A staff member's own named queue: the list filters as the URL carries them, and how to show them. */
export const savedViews = sqliteTable(
  "saved_views",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name", { length: 100 }).notNull(),
    filters: text("filters", { mode: "json" }).$type<Record<string, string>>().notNull(),
    viewMode: text("view_mode", { enum: ["kanban", "list", "grid"] })
      .notNull()
      .default("list"),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("saved_views_user_idx").on(t.userId, t.position)],
);

export type SavedViewRow = typeof savedViews.$inferSelect;
