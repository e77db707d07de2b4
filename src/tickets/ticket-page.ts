import { and, type SQL } from "drizzle-orm";
import type { ReadCtx } from "../../db/read-cache";
import type { TicketDto } from "../shared/dto";
import { badRequest } from "../errors/domain-error";
import { ticketDtos, type Keep } from "./ticket-rows";
import { walkSearch, type Walk } from "./search-walk";
import { afterKey, notAfter, sortIn, type Key, type Order, type Segment } from "./ticket-order";

/**
 * How one list is read: a condition, its OR parts (none = one part), the segments and the order;
 * `walk` when the condition tests a search per walked ticket, with the condition to read otherwise.
 */
export type ListPlan = {
  base: SQL | undefined;
  branches: SQL[];
  segments: Segment[];
  order: Order;
  walk?: Walk & { otherwise: SQL | undefined };
  /** What its reads may keep until a write (the CSV export, a one-off read of many pages: "none"). */
  keep?: Keep;
  /** The condition's search matches few tickets: each is read by id, whatever index another filter has. */
  fromMatches?: boolean;
  /** The other filters keep few tickets: read by their index and sorted, not walked in the order's. */
  sorted?: boolean;
  /** Told how many tickets match, by a read that visits every match anyway to sort them (see listTickets). */
  onCount?: (n: number) => void;
};

/**
 * Up to `limit` tickets after `after`, read segment by segment from the index that holds each in
 * order: each read starts at the cursor's key and stops once the page is full, so a deep page
 * costs what the first does.
 */
export function readPage(r: ReadCtx, plan: ListPlan, limit: number, after?: Key): TicketDto[] {
  const { walk, ...plain } = plan;
  if (!walk) return readSegments(r, plan, limit, after);
  return walkSearch(
    r,
    walk,
    () => readSegments(r, { ...plain, keep: plain.keep ?? { page: walk.query.key } }, limit, after),
    () => readSegments(r, { ...plain, base: walk.otherwise, fromMatches: Boolean(walk.ids) }, limit, after),
  );
}

function readSegments(r: ReadCtx, plan: ListPlan, limit: number, after?: Key): TicketDto[] {
  const start = after ? plan.segments.findIndex((s) => s.value === after.v) : 0;
  if (start < 0) throw badRequest("Invalid cursor", { cursor: "Invalid cursor" });
  const out: TicketDto[] = [];
  for (let i = start; i < plan.segments.length && out.length < limit; i++) {
    const from = i === start && after ? afterKey(plan.order, after) : undefined;
    const where = and(plan.base, plan.segments[i]!.where, from);
    out.push(...mergeParts(r, plan, where, limit - out.length));
  }
  return out;
}

/**
 * A staff scope is an OR (their lists, or assigned to them) that no single index returns in order,
 * so each part reads its own page and the pages are merged here. Once one part fills a page, a
 * later part only needs tickets that rank no later than that page's last: others cannot make it.
 */
function mergeParts(r: ReadCtx, plan: ListPlan, where: SQL | undefined, need: number): TicketDto[] {
  const { branches, order } = plan;
  const read = (cond: SQL | undefined) =>
    ticketDtos(r, cond, need, order.rows, plan.keep, {
      byId: plan.fromMatches,
      sorted: plan.sorted,
      onCount: plan.onCount,
    });
  if (branches.length < 2) return read(and(where, branches[0]));
  const seen = new Map<number, TicketDto>();
  let bound: SQL | undefined;
  for (const b of branches) {
    const page = read(and(where, b, bound));
    for (const r of page) seen.set(r.id, r);
    if (page.length === need && !bound) bound = notAfter(order, page.at(-1)!);
  }
  return sortIn(order, [...seen.values()]).slice(0, need);
}
