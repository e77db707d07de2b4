import { SIMPLE_EMAIL_PATTERN, TICKET_ID_PATTERN } from "./format";

// Zod-free, so the public portal can check a search without shipping the schema library.
export const SEARCH_TYPES = ["ticketId", "email", "phone"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Ticket search: the title shown for each failure, and the line under it. */
const SEARCH_ERRORS = {
  empty: {
    ticketId: "Please enter a ticket ID",
    email: "Please enter an email address",
    phone: "Please enter a phone number",
  },
  ticketId: {
    title: "Invalid Ticket ID Format",
    description: "Ticket ID should be in the format WI-YYYY-###",
  },
  email: { title: "Invalid Email Format", description: "Please enter a valid email address" },
  phone: { title: "Invalid Phone Format", description: "Please enter the phone number given on the ticket" },
} as const;

const PATTERNS: Record<SearchType, RegExp> = {
  ticketId: TICKET_ID_PATTERN,
  email: SIMPLE_EMAIL_PATTERN,
  // any format of the number: the server compares it in E.164
  phone: /^\+?[0-9][0-9 ()./-]{3,30}$/,
};

/** Normalises the query the way it is stored: ticket ids upper-case, e-mail lower-case. */
export const normaliseQuery = (type: SearchType, query: string) => {
  const q = query.trim();
  return type === "ticketId" ? q.toUpperCase() : type === "email" ? q.toLowerCase() : q;
};

/** The first failed rule for a query, or null when it may be sent. */
export function searchProblem(
  type: SearchType,
  query: string,
): { title: string; description: string } | null {
  const q = normaliseQuery(type, query);
  if (!q) return { title: "Enter Search Value", description: SEARCH_ERRORS.empty[type] };
  return PATTERNS[type].test(q) && q.length <= 254 ? null : SEARCH_ERRORS[type];
}
