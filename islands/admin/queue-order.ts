const KEY = "helpdesk.queue";

/** The queue's tickets in the order shown (its filters and sort), for previous/next on the ticket page. */
export function rememberQueue(ticketIds: readonly string[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ticketIds));
  } catch {
    // a full or disabled storage only loses previous/next
  }
}

/** The tickets before and after this one in the queue last shown in this tab. */
export function queueNeighbours(ticketId: string): { prev: string | null; next: string | null } {
  let list: unknown = [];
  try {
    list = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
  } catch {
    list = [];
  }
  const ids = Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  const at = ids.indexOf(ticketId);
  if (at < 0) return { prev: null, next: null };
  return { prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}
