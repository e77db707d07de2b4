import { or, sql, type SQL } from "drizzle-orm";
import { tickets } from "../../db/schema";

/**
 * Admin search over ticketId, names, e-mail, description and company (spec §2). Three or more
 * characters go through the FTS5 trigram index (migration 0001), a substring match that stays an
 * index lookup at a million tickets; shorter terms cannot use trigrams and fall back to LIKE.
 */
export function searchWhere(term: string): SQL | undefined {
  // An FTS5 query string ends at a NUL ("unterminated string"), and no stored text is matched by one.
  const q = term.replaceAll("\u0000", "").trim();
  if (!q) return undefined;
  if ([...q].length >= 3) {
    const phrase = `"${q.replaceAll('"', '""')}"`;
    return sql`${tickets.id} IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ${phrase})`;
  }
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const cols = [tickets.ticketId, tickets.firstName, tickets.lastName, tickets.email, tickets.description, tickets.companyName];
  return or(...cols.map((col) => sql`${col} LIKE ${pattern} ESCAPE '\\'`));
}
