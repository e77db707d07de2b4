import { STATUS_LABELS, TICKET_STATUSES } from "../../../src/shared/constants";
import { usePublicList } from "./public-config";

export type StatusOption = { name: string; label: string; color: string };
const BUILT_IN: StatusOption[] = TICKET_STATUSES.map((name) => ({
  name,
  label: STATUS_LABELS[name]!,
  color: "gray",
}));

/** The configured statuses in their order (the built-in four until the list has loaded). */
export const useStatuses = (): StatusOption[] => usePublicList("statuses").data ?? BUILT_IN;

/** A status's configured label; a status no longer listed still reads as its own name, never as Open. */
export const statusLabel = (list: readonly StatusOption[], name: string) =>
  list.find((s) => s.name === name)?.label ?? STATUS_LABELS[name] ?? name;
