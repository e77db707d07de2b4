import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { badRequest, unsupportedType } from "../../src/errors/domain-error";
import { idParam } from "../../src/shared/schemas/id-param";
import type { UploadPolicy } from "../../src/shared/upload-rules";
import { receiveTicketFiles } from "../../src/attachments/receive";

/**
 * Streams an upload's files to disk for the ticket `ticketOf` finds (null: not named yet; `atEnd`:
 * the form is over); anything but multipart is refused with 415. Public uploads count against the
 * address's budget.
 */
export function receiveFiles<T extends { id: number }>(
  c: Context<AppEnv>,
  o: {
    policy: UploadPolicy;
    fileFields: string[];
    ticketOf: (fields: Record<string, string>, atEnd: boolean) => T | null;
  },
) {
  const { stream, contentType, contentLength } = multipartOf(c);
  return receiveTicketFiles({
    ...o,
    deps: c.get("deps"),
    body: stream,
    contentType,
    contentLength,
    address: o.policy === "public" ? c.get("ip") : null,
  });
}

/** An upload's body as it streams in, with its type and declared length; anything but multipart is a 415. */
export function multipartOf(c: Context<AppEnv>) {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data"))
    throw unsupportedType("Content-Type must be multipart/form-data");
  return { stream: c.req.raw.body, contentType, contentLength: declaredLength(c) };
}

/** Content-Length, unless the body comes in chunks (then the header may not be believed). */
function declaredLength(c: Context<AppEnv>): number | null {
  const header = c.req.header("content-length");
  if (c.req.header("transfer-encoding") || header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * The ticket an upload names by ?ticketId= or a ticketId field, sent before or after its files:
 * null while the field may still come, 400 when the form ended without one.
 */
export function ticketNamed<T>(c: Context<AppEnv>, find: (id: number) => T) {
  return (fields: Record<string, string>, atEnd: boolean): T | null => {
    const named = c.req.query("ticketId") ?? fields.ticketId;
    if (named === undefined && !atEnd) return null;
    const id = idParam.safeParse({ id: named });
    if (!id.success) throw badRequest("Ticket is required", { ticketId: "Ticket is required" });
    return find(id.data.id);
  };
}
