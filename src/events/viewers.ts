import type { Database } from "bun:sqlite";
import { perConnection } from "../../db/client";

// One prepared statement whatever the number of sessions: the list travels as one JSON parameter.
const statements = perConnection((sqlite: Database) => ({
  marks: sqlite.prepare<{ sid: string; mark: string | null }, [string]>(
    `SELECT s.sid AS sid,
            u.role || '|' || u.status || '|' || u.can_view_all_tickets || '|' || u.allowed_departments
              || '|' || u.allowed_companies || '|' || u.updated_at AS mark
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.sid IN (SELECT value FROM json_each(?))`,
  ),
}));

/**
 * What decides each session's stream, as one string per session that still exists: its user's role,
 * status, scope and last update. A cheap read by primary keys, so the hub can re-read on every write
 * and load users again only for the sessions whose mark moved or vanished.
 */
export function viewerMarks(sqlite: Database, sids: string[]): Map<string, string | null> {
  return new Map(
    statements(sqlite)
      .marks.all(JSON.stringify(sids))
      .map((r) => [r.sid, r.mark]),
  );
}
