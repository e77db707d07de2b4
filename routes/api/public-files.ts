import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { badRequest, unsupportedType } from "../../src/errors/domain-error";
import type { UploadPolicy } from "../../src/shared/upload-rules";
import { receiveTicketFiles } from "../../src/attachments/receive";
import { SIMPLE_EMAIL_PATTERN } from "../../src/shared/format";

export const idParam = z.object({
  id: z.coerce
    .number({ error: "Invalid id" })
    .int("Invalid id")
    .positive("Invalid id")
    .max(2 ** 31, "Invalid id"),
});

/**
 * Streams an upload's files to disk for the ticket `ticketOf` finds before the first file byte;
 * anything but multipart is refused with 415. Public uploads count against the address's budget.
 */
export function receiveFiles<T extends { id: number }>(
  c: Context<AppEnv>,
  o: { policy: UploadPolicy; fileFields: string[]; ticketOf: (fields: Record<string, string>) => T },
) {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data"))
    throw unsupportedType("Content-Type must be multipart/form-data");
  return receiveTicketFiles({
    ...o,
    deps: c.var.deps,
    body: c.req.raw.body,
    contentType,
    address: o.policy === "public" ? c.var.ip : null,
  });
}

/** Optional uploader name and e-mail sent with a public file (fields file, userEmail, userName). */
export function uploaderOf(body: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const userName = text(body.userName).slice(0, 100) || null;
  const userEmail = text(body.userEmail).toLowerCase() || null;
  if (userEmail && (userEmail.length > 254 || !SIMPLE_EMAIL_PATTERN.test(userEmail)))
    throw badRequest("Invalid Email", { userEmail: "Invalid Email" });
  return { userName, userEmail };
}
