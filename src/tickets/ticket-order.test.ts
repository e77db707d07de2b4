import { expect, test } from "bun:test";
import type { TicketDto } from "../shared/dto";
import { orderOf, sortIn } from "./ticket-order";

const at = (id: number, ms: number, due: number | null = null) =>
  ({
    id,
    createdAt: new Date(ms).toISOString(),
    updatedAt: new Date(ms).toISOString(),
    nextDueAt: due === null ? null : new Date(due).toISOString(),
  }) as TicketDto;

test("sortIn – the page's order by time then id, as the parsed times would give, both ways", () => {
  const base = Date.UTC(2026, 10, 27, 5);
  // times across a second, a year and a millisecond boundary, with ties broken by id
  const offsets = [0, 999, 1000, 86_400_000 * 400, 1, 1000, -5_000_000_000, 0];
  const rows = offsets.map((d, i) => at(i + 1, base + d, base + d));
  for (const sort of ["created", "updated", "due"] as const)
    for (const order of ["desc", "asc"] as const) {
      const o = orderOf({ sort, order });
      const sign = order === "desc" ? -1 : 1;
      const byParsing = [...rows].sort(
        (a, b) => sign * (Date.parse(a[o.time]!) - Date.parse(b[o.time]!) || a.id - b.id),
      );
      expect(sortIn(o, [...rows]).map((r) => r.id)).toEqual(byParsing.map((r) => r.id));
    }
});

test("sortIn – a segment without due times is ordered by id alone", () => {
  const o = orderOf({ sort: "due", order: "desc" });
  expect(
    sortIn(
      o,
      [at(2, 5), at(9, 1), at(4, 3)].map((r) => ({ ...r, nextDueAt: null })),
    ).map((r) => r.id),
  ).toEqual([9, 4, 2]);
});
