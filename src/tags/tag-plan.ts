import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import type { ReadCtx } from "../../db/read-cache";
import { tagKey } from "./ticket-tags";

/** Tickets a page may test one by one before reading the tags' ranges and sorting them costs less. */
const WALK_MAX = 20_000;

const statements = perConnection((sqlite: Database) => ({
  newest: sqlite.prepare<{ n: number | null }, []>("SELECT max(id) AS n FROM tickets"),
  uses: sqlite.prepare<{ n: number }, [string, number]>(
    "SELECT count(*) AS n FROM (SELECT 1 FROM ticket_tags WHERE tag_id = (SELECT id FROM tags WHERE name_key = ?) LIMIT ?)",
  ),
}));

/** The newest tickets whose tags are read to see how often several tags occur together. */
const SAMPLE = 2_000;

/**
 * How many of the newest tickets carry each of these tags, and all of them: one range of each tag's
 * key, read once until a write. Tags on the same tickets are not independent, so `all` is planned
 * from what they share.
 */
function sampleTags(r: ReadCtx, names: string[]) {
  const keys = [...new Set(names.map(tagKey))].sort();
  return r.cache.get(r.db, { kind: "tag-sample", filters: keys }, () => {
    const sqlite = sqliteOf(r.db);
    const newest = statements(sqlite).newest.all()[0]?.n ?? 0;
    const from = Math.max(0, newest - SAMPLE);
    const rows = sqlite
      .query<{ ticket: number; key: string }, [string, number]>(
        `SELECT tt.ticket_id AS ticket, t.name_key AS key FROM tags t
         JOIN ticket_tags tt ON tt.tag_id = t.id AND tt.ticket_id > ?2
         WHERE t.name_key IN (SELECT value FROM json_each(?1))`,
      )
      .all(JSON.stringify(keys), from);
    const each: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
    const perTicket = new Map<number, number>();
    for (const row of rows) {
      each[row.key]! += 1;
      perTicket.set(row.ticket, (perTicket.get(row.ticket) ?? 0) + 1);
    }
    const all = [...perTicket.values()].filter((n) => n === keys.length).length;
    return { window: newest - from, each, all };
  });
}

/** Filters whose `all` tags come rarest first (among the newest tickets), so they read the shortest range. */
export function rarestTagFirst<F extends { tags?: string[]; tagsMode?: "any" | "all" }>(r: ReadCtx, f: F): F {
  if (f.tagsMode !== "all" || !f.tags || f.tags.length < 2) return f;
  const { each } = sampleTags(r, f.tags);
  return { ...f, tags: [...f.tags].sort((a, b) => each[tagKey(a)]! - each[tagKey(b)]!) };
}

/**
 * Whether a page of `limit` tickets filtered by these tags should walk its order and test each ticket:
 * when the tags are on a large enough share of tickets that a page is found within WALK_MAX tests.
 * For `any`, each tag is counted only up to what that share needs; `all` is judged on the newest tickets.
 */
export function walkTags(
  r: ReadCtx,
  names: string[] | undefined,
  mode: "any" | "all",
  limit: number,
): boolean {
  if (!names?.length) return false;
  const s = statements(sqliteOf(r.db));
  const total = s.newest.all()[0]?.n ?? 0;
  if (!total) return false;
  if (mode === "all" && names.length > 1) {
    const sample = sampleTags(r, names);
    return sample.all * WALK_MAX >= limit * sample.window;
  }
  const needed = Math.ceil((total * limit) / WALK_MAX);
  const shares = names.map((n) => s.uses.all(tagKey(n), needed)[0]!.n / total);
  return (
    Math.min(
      1,
      shares.reduce((a, b) => a + b, 0),
    ) *
      WALK_MAX >=
    limit
  );
}

/**
 * How many tickets carry the tags (any of them, or all), up to `cap` + 1, read from ticket_tags alone:
 * with no other filter and no scope, every tagged ticket is listed, so no ticket row need be read.
 * For `all`, the rarest tag's tickets are tested for the others.
 */
export function tagsOnlyCount(db: DbOrTx, names: string[], mode: "any" | "all", cap: number): number {
  const sqlite = sqliteOf(db);
  const keys = [...new Set(names.map(tagKey))];
  const tags = sqlite
    .query<{ id: number; key: string; n: number }, [string, number]>(
      `SELECT t.id, t.name_key AS key, (SELECT count(*) FROM (SELECT 1 FROM ticket_tags tt WHERE tt.tag_id = t.id LIMIT ?2)) AS n
       FROM tags t WHERE t.name_key IN (SELECT value FROM json_each(?1))`,
    )
    .all(JSON.stringify(keys), cap + 1)
    // equal counts (both past the cap) keep the caller's order, rarest first
    .sort((a, b) => a.n - b.n || keys.indexOf(a.key) - keys.indexOf(b.key));
  if (mode === "all" && tags.length < keys.length) return 0;
  if (!tags.length) return 0;
  if (mode === "any")
    return sqlite
      .query<{ n: number }, [string, number]>(
        `SELECT count(*) AS n FROM (SELECT DISTINCT ticket_id FROM ticket_tags
         WHERE tag_id IN (SELECT value FROM json_each(?1)) LIMIT ?2)`,
      )
      .get(JSON.stringify(tags.map((t) => t.id)), cap + 1)!.n;
  const [rarest, ...others] = tags;
  const each = others.map(
    (_, i) =>
      `AND EXISTS (SELECT 1 FROM ticket_tags o WHERE o.tag_id = ?${i + 3} AND o.ticket_id = a.ticket_id)`,
  );
  return sqlite
    .query<{ n: number }, number[]>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ticket_tags a WHERE a.tag_id = ?1 ${each.join(" ")} LIMIT ?2)`,
    )
    .get(rarest!.id, cap + 1, ...others.map((t) => t.id))!.n;
}
