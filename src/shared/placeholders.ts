/** The placeholders a saved reply may hold, filled when it is inserted into a ticket's reply. */
export const PLACEHOLDERS = [
  "requester.firstName",
  "requester.name",
  "ticket.id",
  "ticket.link",
  "agent.firstName",
  "agent.name",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders in a text that are not known, as written (`{{foo}}`). */
export const unknownPlaceholders = (text: string) => [
  ...new Set(
    [...text.matchAll(PATTERN)]
      .filter((m) => !PLACEHOLDERS.includes(m[1] as Placeholder))
      .map((m) => `{{${m[1]}}}`),
  ),
];

/** The text with every known placeholder replaced by its value. */
export const fillPlaceholders = (text: string, values: Record<Placeholder, string>) =>
  text.replace(PATTERN, (whole, key: string) =>
    PLACEHOLDERS.includes(key as Placeholder) ? values[key as Placeholder] : whole,
  );
