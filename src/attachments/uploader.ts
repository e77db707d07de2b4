import { badRequest } from "../errors/domain-error";
import { SIMPLE_EMAIL_PATTERN } from "../shared/format";

/** Optional uploader name and e-mail sent with a public file (fields file, userEmail, userName). */
export function uploaderOf(body: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const userName = text(body.userName).slice(0, 100) || null;
  const userEmail = text(body.userEmail).toLowerCase() || null;
  if (userEmail && (userEmail.length > 254 || !SIMPLE_EMAIL_PATTERN.test(userEmail)))
    throw badRequest("Invalid Email", { userEmail: "Invalid Email" });
  return { userName, userEmail };
}
