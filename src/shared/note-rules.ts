import { SIMPLE_EMAIL_PATTERN } from "./format";

/** Browser messages of the 'Add a Note' form, in the order they are checked. */
export function publicNoteProblem(v: { note: string; userName: string; userEmail: string }): string | null {
  if (!v.note.trim()) return "Note Required";
  if (!v.userName.trim() || !v.userEmail.trim()) return "Contact Information Required";
  if (!SIMPLE_EMAIL_PATTERN.test(v.userEmail.trim())) return "Invalid Email";
  return null;
}
