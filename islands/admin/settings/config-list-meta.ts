import type { ConfigKindName } from "../../../src/shared/constants";

/** Per kind of list: its titles and which fields (label, colour) its items have. */
export const LIST_META: Record<
  ConfigKindName,
  { title: string; item: string; hasLabel: boolean; hasColor: boolean }
> = {
  statuses: { title: "Ticket Statuses", item: "Status", hasLabel: true, hasColor: true },
  departments: { title: "Departments", item: "Department", hasLabel: false, hasColor: false },
  types: { title: "Ticket Types", item: "Ticket Type", hasLabel: false, hasColor: true },
  priorities: { title: "Priorities", item: "Priority", hasLabel: true, hasColor: true },
  companies: { title: "Companies", item: "Company", hasLabel: false, hasColor: false },
};

/** Moves one entry, as a drag from `from` to `to` does, and numbers positions from 1 as the reorder route expects. */
export function reorder<T extends { id: number }>(items: T[], from: number, to: number) {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return { items: next, positions: next.map((x, i) => ({ id: x.id, position: i + 1 })) };
}
