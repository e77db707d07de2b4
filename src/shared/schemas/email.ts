import { z } from "zod/mini";

const INVALID = "Please enter a valid email address";

/**
 * An e-mail address as stored: trimmed, lower-case, one mailbox (Zod's own e-mail pattern).
 * zod/mini, like the ticket form's schema, so the public portal's bundle stays small; classic
 * schemas embed it like any other field.
 */
export const emailField = z
  .string({ error: INVALID })
  .check(z.trim(), z.toLowerCase(), z.maxLength(254, INVALID), z.regex(z.regexes.email, INVALID));
