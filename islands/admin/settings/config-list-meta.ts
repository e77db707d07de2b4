import type { ConfigKindName } from "../../../src/shared/constants";

/** Per kind of list: which fields (label, colour) its items have. */
export const LIST_META: Record<ConfigKindName, { hasLabel: boolean; hasColor: boolean }> = {
  statuses: { hasLabel: true, hasColor: true },
  departments: { hasLabel: false, hasColor: false },
  types: { hasLabel: false, hasColor: true },
  priorities: { hasLabel: true, hasColor: true },
  companies: { hasLabel: false, hasColor: false },
};

/** Moves one entry, as a drag from `from` to `to` does, and numbers positions from 1 as the reorder route expects. */
export function reorder<T extends { id: number }>(items: T[], from: number, to: number) {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return { items: next, positions: next.map((x, i) => ({ id: x.id, position: i + 1 })) };
}
