import { useRef, useState } from "react";
import type { TicketDto } from "../../src/shared/dto";

/** The List view's checked tickets; a shift-click checks or unchecks the range from the last click. */
export function useSelection(shown: TicketDto[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const last = useRef<number | null>(null);
  const toggle = (id: number, checked: boolean, range: boolean) => {
    const next = new Set(selected);
    const from = shown.findIndex((t) => t.id === last.current);
    const to = shown.findIndex((t) => t.id === id);
    const ids =
      range && from >= 0 && to >= 0
        ? shown.slice(Math.min(from, to), Math.max(from, to) + 1).map((t) => t.id)
        : [id];
    for (const x of ids) checked ? next.add(x) : next.delete(x);
    last.current = id;
    setSelected(next);
  };
  const all = (checked: boolean) => {
    const next = new Set(selected);
    for (const t of shown) checked ? next.add(t.id) : next.delete(t.id);
    setSelected(next);
  };
  return { selected, toggle, all, set: setSelected };
}
