import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { unsupportedType } from "../../src/errors/domain-error";
import type { UploadPolicy } from "../../src/shared/upload-rules";
import { receiveTicketFiles } from "../../src/attachments/receive";

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
    deps: c.get("deps"),
    body: c.req.raw.body,
    contentType,
    address: o.policy === "public" ? c.get("ip") : null,
  });
}
