import type { Database } from "bun:sqlite";
import { perConnection } from "../db/client";
import { schemaVersion } from "../db/migrate";
import { VERSION } from "./version";

// Migrations run only before the server listens, so the schema is read once per connection.
const schemaOf = perConnection((sqlite: Database) => schemaVersion(sqlite));

/** What /healthz reports: the release and the schema, nothing private. */
export function healthReport(sqlite: Database) {
  sqlite.query("select 1").get();
  const schema = schemaOf(sqlite);
  return { status: "ok" as const, version: VERSION, schema: schema.last, migrations: schema.migrations };
}
