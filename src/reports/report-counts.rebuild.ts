import type { Database } from "bun:sqlite";

const DIMS = "department, ticket_type, priority, company_name, channel";
const KEY = `${DIMS}, agent`;
const FROM_TICKETS = `${DIMS}, coalesce(assigned_to, '')`;

/** The report counts as a full scan of the tickets gives them: what the triggers keep, from scratch. */
const REBUILD_REPORT_COUNTS = [
  "DELETE FROM report_created",
  "DELETE FROM report_resolved",
  "DELETE FROM report_hours",
  `INSERT INTO report_created (hour, ${KEY}, n, burnt)
     SELECT created_at / 3600000, ${FROM_TICKETS}, count(*), sum(status = 'burnt') FROM tickets GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  `INSERT INTO report_resolved (hour, ${KEY}, n)
     SELECT completed_at / 3600000, ${FROM_TICKETS}, count(*) FROM tickets WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  `INSERT INTO report_hours (hour, created, burnt)
     SELECT created_at / 3600000, count(*), sum(status = 'burnt') FROM tickets GROUP BY 1`,
  `INSERT INTO report_hours (hour, resolved)
     SELECT completed_at / 3600000, count(*) FROM tickets WHERE completed_at IS NOT NULL GROUP BY 1
     ON CONFLICT DO UPDATE SET resolved = excluded.resolved`,
];

/** Rebuilds the report counts in one immediate transaction, so no write lands between the scan and the swap. */
export function rebuildReportCounts(sqlite: Database): void {
  sqlite
    .transaction(() => {
      for (const statement of REBUILD_REPORT_COUNTS) sqlite.run(statement);
    })
    .immediate();
}
