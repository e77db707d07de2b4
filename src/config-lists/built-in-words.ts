import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { ticketDepartments, tickets, ticketPriorities, ticketStatuses, ticketTypes } from "../../db/schema";
import type { Language } from "../i18n/languages";
import { translatorFor } from "../i18n/server";
import {
  DEFAULT_DEPARTMENTS,
  DEFAULT_PRIORITIES,
  DEFAULT_STATUSES,
  DEFAULT_TYPES,
} from "../shared/constants";
import { propagateRename } from "./config-lists.service";

/** A built-in entry's words in a language; the English words are the catalog's keys. */
export const builtInWord = (language: Language, english: string) => translatorFor(language).message(english);

/**
 * A new office choosing its language gets the built-in lists in it. Only before the first ticket, and only
 * entries still reading as shipped in the previous language: anything the office typed stays as typed.
 */
export function localizeBuiltInLists(tx: Tx, from: Language, to: Language): number {
  if (from === to || tx.select({ id: tickets.id }).from(tickets).limit(1).get()) return 0;
  let changed = 0;
  const relabel = (table: typeof ticketStatuses | typeof ticketPriorities, labels: readonly string[]) => {
    for (const english of labels)
      changed += tx
        .update(table)
        .set({ label: builtInWord(to, english) })
        .where(eq(table.label, builtInWord(from, english)))
        .returning({ id: table.id })
        .all().length;
  };
  relabel(
    ticketStatuses,
    DEFAULT_STATUSES.map((s) => s.label),
  );
  relabel(
    ticketPriorities,
    DEFAULT_PRIORITIES.map((p) => p.label),
  );
  const rename = (kind: "departments" | "types", table: typeof ticketDepartments | typeof ticketTypes) => {
    const names = kind === "departments" ? DEFAULT_DEPARTMENTS : DEFAULT_TYPES.map((t) => t.name);
    for (const english of names) {
      const [old, next] = [builtInWord(from, english), builtInWord(to, english)];
      const row = tx.select({ id: table.id }).from(table).where(eq(table.name, old)).get();
      if (!row || old === next || tx.select().from(table).where(eq(table.name, next)).get()) continue;
      tx.update(table).set({ name: next }).where(eq(table.id, row.id)).run();
      propagateRename(tx, kind, row.id, old, next);
      changed++;
    }
  };
  rename("departments", ticketDepartments);
  rename("types", ticketTypes);
  return changed;
}
