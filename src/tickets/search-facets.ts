import type { TicketFilters } from "../shared/schemas/filters";
import { assigneeOf, countable } from "./tickets.counts";
import { scopeOf, type ScopeActor } from "./tickets.scope";

/**
 * The word a ticket's value is indexed as beside its text (the ticket_search_text view writes the same):
 * a private-use character no typed word can hold, the facet's letter, and the value's UTF-8 in hex
 * (several values in one word are joined by "g", which hex never holds).
 */
const hexOf = (value: string) => Buffer.from(value, "utf8").toString("hex");
const word = (letter: string, value: string) => `"\uE000${letter}${hexOf(value)}"`;
const anyOf = (words: string[]) => (words.length === 1 ? words[0]! : `(${words.join(" OR ")})`);

// a user id in hex is never "0"
const UNASSIGNED = '"\uE000a0"';
/** Past this many combinations of values, each list is asked for on its own. */
const MAX_COMBINATIONS = 16;
/** Past this many months a date range narrows too little to name each month. */
const MAX_MONTHS = 24;

/**
 * The list's filters and the actor's scope as an FTS5 expression over the index's facet words, to be
 * ANDed with a search's words; `exact` when it keeps exactly the tickets the filters do, so FTS5 alone
 * can count them. A date range names its months (UTC) and is checked on the ticket besides.
 */
export function searchFacets(actor: ScopeActor, f: Partial<TicketFilters>) {
  const parts = listWords([
    ["s", f.status],
    ["p", f.priority],
    ["d", f.department ? [f.department] : undefined],
    ["y", f.ticketType ? [f.ticketType] : undefined],
  ]);
  if (f.company) parts.push(word("c", f.company));
  const who = assigneeOf(actor, f);
  if (who) parts.push(who === "none" ? UNASSIGNED : word("a", who));
  const scope = scopeOf(actor);
  if (scope) {
    const mine = word("a", scope.assignee);
    const lists = scope.lists && [
      ...(scope.lists.departments.length ? [anyOf(scope.lists.departments.map((d) => word("d", d)))] : []),
      ...(scope.lists.companies.length ? [anyOf(scope.lists.companies.map((c) => word("c", c)))] : []),
    ];
    parts.push(lists?.length ? `((${lists.join(" AND ")}) OR ${mine})` : mine);
  }
  const months = monthsOf(f.startDate, f.endDate);
  if (months) parts.push(anyOf(months.map((m) => `"\uE000m${m}"`)));
  // a date range's months only narrow: its exact bounds are checked on each ticket
  const exact = countable({ ...f, search: undefined });
  return { expr: parts.length ? parts.join(" AND ") : null, exact };
}

/**
 * Status, priority, department and type: several of them are one word of their values together (the
 * view writes each pair, triple and all four), as any of the combinations of the values asked for.
 */
function listWords(dims: [string, string[] | undefined][]): string[] {
  const asked = dims.filter((d): d is [string, string[]] => Boolean(d[1]?.length));
  const combinations = asked.reduce((n, [, values]) => n * values.length, 1);
  if (asked.length < 2 || combinations > MAX_COMBINATIONS)
    return asked.map(([letter, values]) => anyOf(values.map((v) => word(letter, v))));
  let words = [{ letters: "", hex: [] as string[] }];
  for (const [letter, values] of asked)
    words = words.flatMap((w) =>
      values.map((v) => ({ letters: w.letters + letter, hex: [...w.hex, hexOf(v)] })),
    );
  return [anyOf(words.map((w) => `"\uE000${w.letters}${w.hex.join("g")}"`))];
}

/** The UTC months (YYYYMM) a range touches, or null when it is open-ended or longer than MAX_MONTHS. */
function monthsOf(start?: Date, end?: Date): string[] | null {
  if (!start || !end || end < start) return null;
  const first = start.getUTCFullYear() * 12 + start.getUTCMonth();
  const last = end.getUTCFullYear() * 12 + end.getUTCMonth();
  if (last - first >= MAX_MONTHS) return null;
  const months: string[] = [];
  for (let m = first; m <= last; m++)
    months.push(`${Math.floor(m / 12)}${String((m % 12) + 1).padStart(2, "0")}`);
  return months;
}
