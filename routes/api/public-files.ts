import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../src/http/env";
import { badRequest, unsupportedType } from "../../src/errors/domain-error";
import { SIMPLE_EMAIL_PATTERN } from "../../src/shared/format";

export const idParam = z.object({
  id: z.coerce
    .number({ error: "Invalid id" })
    .int("Invalid id")
    .positive("Invalid id")
    .max(2 ** 31, "Invalid id"),
});

/** Multipart body of a public upload; anything but multipart is refused with 415. */
export async function readMultipart(c: Context<AppEnv>) {
  if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
    throw unsupportedType("Content-Type must be multipart/form-data");
  return c.req.parseBody({ all: true });
}

export const filesIn = (value: unknown): File[] => [value].flat().filter((v): v is File => v instanceof File);

/** Optional uploader name and e-mail sent with a public file (fields file, userEmail, userName). */
export function uploaderOf(body: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const userName = text(body.userName).slice(0, 100) || null;
  const userEmail = text(body.userEmail).toLowerCase() || null;
  if (userEmail && (userEmail.length > 254 || !SIMPLE_EMAIL_PATTERN.test(userEmail)))
    throw badRequest("Invalid Email", { userEmail: "Invalid Email" });
  return { userName, userEmail };
}
