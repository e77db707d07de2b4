import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { $ZodError as ZodError } from "zod/v4/core"; // classic and mini errors alike
import { log } from "../log";

export type FieldErrors = Record<string, string>;

/** A failure the client should see: the only error type services throw on purpose. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message = "Unauthorized") => new AppError(401, message);
export const forbidden = (message = "Forbidden") => new AppError(403, message);
export const notFound = (what = "Resource") => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message = "Request body too large") => new AppError(413, message);
export const tooMany = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new AppError(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unavailable = (message: string) => new AppError(503, message);

/** zod issues → the contract's `{message, errors}` body (first message per field). */
export function zodToBody(error: ZodError) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    errors[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? "Invalid input", errors };
}

function sqliteFault(err: unknown): AppError | null {
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

/** The one place errors become responses (DESIGN: conventions 4). */
export function handleError(err: unknown, c: Context) {
  c.header("Cache-Control", "no-store");
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(
      err.errors ? { message: err.message, errors: err.errors } : { message: err.message },
      err.status,
    );
  }
  if (err instanceof ZodError) return c.json(zodToBody(err), 400);
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body too large" : err.message || "Bad Request";
    return c.json({ message }, status);
  }
  if (err instanceof SyntaxError) return c.json({ message: "Malformed JSON in request body" }, 400);
  const mapped = sqliteFault(err);
  if (mapped) return handleError(mapped, c);
  log.error("unhandled error", {
    requestId: c.get("requestId"),
    error: String(err),
    stack: (err as Error)?.stack,
  });
  return c.json({ message: "Internal Server Error" }, 500);
}
