import { and, inArray, sql, type SQL } from "drizzle-orm";
import { tags, ticketTags, tickets } from "../../db/schema";
import { tagKey } from "./ticket-tags";

export type TagsMode = "any" | "all";

const carrying = (names: string[]) =>
  sql`${tickets.id} IN (SELECT ${ticketTags.ticketId} FROM ${ticketTags} WHERE ${ticketTags.tagId} IN (SELECT ${tags.id} FROM ${tags} WHERE ${inArray(tags.nameKey, names.map(tagKey))}))`;

/** Tickets carrying any (or all) of these tags: each tag is one range of ticket_tags' key. */
export function tagsWhere(names: string[] | undefined, mode: TagsMode = "any"): SQL | undefined {
  if (!names?.length) return undefined;
  return mode === "all" ? and(...names.map((n) => carrying([n]))) : carrying(names);
}
