import { z } from "zod/mini";
import { isOneLine } from "../one-line";

/**
 * The check every one-line field carries (names, labels, subjects): such text lands in e-mail
 * headers, notices and one-line displays, where a line break would forge a line of its own.
 * zod/mini, so the portal's small bundle can use it; classic schemas take it in `.check()`.
 */
export const oneLine = (field: string) =>
  z.refine<string>((v) => isOneLine(v), `${field} must not contain line breaks or control characters`);
