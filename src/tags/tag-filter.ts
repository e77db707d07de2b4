import { and, inArray, sql, type SQL } from "drizzle-orm";
import { tags, ticketTags, tickets } from "../../db/schema";
import { tagKey } from "./ticket-tags";

export type TagsMode = "any" | "all";

// From the tags' names to one range of ticket_tags' key per tag (a join, so SQLite never scans ticket_tags).
const carrying = (names: string[]) =>
  sql`${tickets.id} IN (SELECT tt.ticket_id FROM ${tags} t JOIN ${ticketTags} tt ON tt.tag_id = t.id WHERE ${inArray(sql`t.name_key`, names.map(tagKey))})`;

// The same as a test per ticket (one lookup of ticket_tags' key), for a page that walks its order's index.
const carries = (names: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${ticketTags} tt WHERE tt.tag_id IN (SELECT t.id FROM ${tags} t WHERE ${inArray(sql`t.name_key`, names.map(tagKey))}) AND tt.ticket_id = ${tickets.id})`;

/**
 * Tickets carrying any (or all) of these tags: read from each tag's range of ticket_tags' key, or
 * (`walk`, for tags on many tickets) tested per ticket while the page walks its order.
 */
export function tagsWhere(
  names: string[] | undefined,
  mode: TagsMode = "any",
  walk = false,
): SQL | undefined {
  if (!names?.length) return undefined;
  if (mode === "any") return (walk ? carries : carrying)(names);
  // every tag: read from the first tag's range (or walked), each other tag tested per ticket
  const [first, ...rest] = names as [string, ...string[]];
  return and((walk ? carries : carrying)([first]), ...rest.map((n) => carries([n])));
}
