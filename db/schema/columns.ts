import { integer } from "drizzle-orm/sqlite-core";

/** Integer primary key (SQLite rowid alias). */
export const id = () => integer("id").primaryKey({ autoIncrement: true });

/** Millisecond timestamps; the server always sets them, so no SQL default is needed. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const timestamps = () => ({
  createdAt: timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date()),
});
