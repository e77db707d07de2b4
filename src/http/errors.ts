import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { $ZodError as ZodError } from "zod/v4/core"; // classic and mini errors alike
import { log } from "../log";
import { conflict, DomainError, type ErrorCode, type FieldErrors, unavailable } from "../errors/domain-error";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./env";
import { requestTranslator } from "./language";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  too_broad: 422,
  unavailable: 503,
};

/** zod issues → the API's `{message, errors}` body (first message per field). */
function zodToBody(error: ZodError) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    errors[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? "Invalid input", errors };
}

/** A form's messages in the request's language, where the catalog has them (the portal's form does). */
function localised(c: Context, body: { message: string; errors: FieldErrors }) {
  const { message } = requestTranslator(c as Context<AppEnv>);
  const errors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v && message(v)]));
  return { message: message(body.message), errors };
}

function sqliteFault(err: unknown): DomainError | null {
  const code = (err as { code?: string })?.code ?? "";
  const msg = String((err as Error)?.message ?? "");
  if (
    code.startsWith("SQLITE_FULL") ||
    /database or disk is full/i.test(msg) ||
    (err as { code?: string })?.code === "ENOSPC"
  )
    return unavailable("The server is out of storage space. Please try again later.");
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED") || /database is locked/i.test(msg))
    return unavailable("The server is busy. Please try again shortly.");
  if (code.startsWith("SQLITE_CONSTRAINT_UNIQUE")) return conflict("A record with that value already exists");
  return null;
}

/** The one place errors become responses: domain codes become statuses, anything unexpected a logged 500. */
export function handleError(err: unknown, c: Context) {
  c.header("Cache-Control", "no-store");
  if (err instanceof DomainError) {
    if (err.retryAfter !== undefined) c.header("Retry-After", String(err.retryAfter));
    return c.json(
      err.errors
        ? localised(c, { message: err.message, errors: err.errors })
        : { message: err.message, ...err.detail },
      STATUS[err.code],
    );
  }
  if (err instanceof ZodError) return c.json(localised(c, zodToBody(err)), 400);
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body too large" : err.message || "Bad Request";
    return c.json({ message }, status);
  }
  if (err instanceof SyntaxError) return c.json({ message: "Malformed JSON in request body" }, 400);
  if (err instanceof URIError) return c.json({ message: "Malformed URL" }, 400);
  const mapped = sqliteFault(err);
  if (mapped) return handleError(mapped, c);
  log.error("unhandled error", {
    requestId: c.get("requestId"),
    error: String(err),
    stack: (err as Error)?.stack,
  });
  return c.json({ message: "Internal Server Error" }, 500);
}
