import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { tagKey } from "./ticket-tags";

/** Tickets a page may test one by one before reading the tags' ranges and sorting them costs less. */
const WALK_MAX = 20_000;

const statements = perConnection((sqlite: Database) => ({
  newest: sqlite.prepare<{ n: number | null }, []>("SELECT max(id) AS n FROM tickets"),
  uses: sqlite.prepare<{ n: number }, [string, number]>(
    "SELECT count(*) AS n FROM (SELECT 1 FROM ticket_tags WHERE tag_id = (SELECT id FROM tags WHERE name_key = ?) LIMIT ?)",
  ),
}));

/**
 * Whether a page of `limit` tickets filtered by these tags should walk its order and test each ticket:
 * when the tags are on a large enough share of tickets that a page is found within WALK_MAX tests.
 * Each tag is counted only up to what that share needs.
 */
export function walkTags(
  db: DbOrTx,
  names: string[] | undefined,
  mode: "any" | "all",
  limit: number,
): boolean {
  if (!names?.length) return false;
  const s = statements(sqliteOf(db));
  const total = s.newest.all()[0]?.n ?? 0;
  if (!total) return false;
  const needed = Math.ceil((total * limit) / WALK_MAX);
  const shares = names.map((n) => s.uses.all(tagKey(n), needed)[0]!.n / total);
  const share =
    mode === "all"
      ? shares.reduce((a, b) => a * b, 1)
      : Math.min(
          1,
          shares.reduce((a, b) => a + b, 0),
        );
  return share * WALK_MAX >= limit;
}
