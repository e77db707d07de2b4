import { isFieldFilterParam } from "../../src/shared/schemas/field-filters";

/**
 * Custom field filters travel as the list's own query parameters (`cf.seats.min=10`); in the queue's
 * state they are kept as one query-string text, so the state stays a flat record of strings.
 */
export const fieldParams = (fields: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(fields));

export const fieldsText = (entries: Iterable<[string, string | undefined]>): string =>
  new URLSearchParams(
    [...entries]
      .filter((e): e is [string, string] => isFieldFilterParam(e[0]) && !!e[1])
      .sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
