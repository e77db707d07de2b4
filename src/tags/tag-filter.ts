import { and, inArray, sql, type SQL } from "drizzle-orm";
import { tags, ticketTags, tickets } from "../../db/schema";
import { tagKey } from "./ticket-tags";

export type TagsMode = "any" | "all";

// From the tags' names to one range of ticket_tags' key per tag (a join, so SQLite never scans ticket_tags).
const carrying = (names: string[]) =>
  sql`${tickets.id} IN (SELECT tt.ticket_id FROM ${tags} t JOIN ${ticketTags} tt ON tt.tag_id = t.id WHERE ${inArray(sql`t.name_key`, names.map(tagKey))})`;

/** Tickets carrying any (or all) of these tags: each tag is one range of ticket_tags' key. */
export function tagsWhere(names: string[] | undefined, mode: TagsMode = "any"): SQL | undefined {
  if (!names?.length) return undefined;
  return mode === "all" ? and(...names.map((n) => carrying([n]))) : carrying(names);
}
