import { SIMPLE_EMAIL_PATTERN } from "./format";
import { isOneLine } from "./one-line";

/** Browser messages of the 'Add a Note' form, in the order they are checked. */
export function publicNoteProblem(v: { note: string; userName: string; userEmail: string }): string | null {
  if (!v.note.trim()) return "Note Required";
  if (!v.userName.trim() || !v.userEmail.trim()) return "Contact Information Required";
  if (!isOneLine(v.userName.trim())) return "Name must not contain line breaks or control characters";
  if (!isOneLine(v.userEmail.trim())) return "Email must not contain line breaks or control characters";
  if (!SIMPLE_EMAIL_PATTERN.test(v.userEmail.trim())) return "Invalid Email";
  return null;
}
