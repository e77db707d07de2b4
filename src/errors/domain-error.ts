/**
 * The one error type the business rules throw on purpose. It names what went wrong (a code, a message for
 * the person, field errors, when to try again) and knows nothing of HTTP: src/http/errors.ts maps codes to
 * statuses and headers.
 */
export type ErrorCode =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_type"
  | "rate_limited"
  | "too_broad"
  | "unavailable";

export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Seconds until a retry can succeed (rate limits, busy). */
    readonly retryAfter?: number,
    /** More of the answer, sent beside the message (a refused stale write carries the current ticket). */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new DomainError("invalid", message, errors);
export const unauthorized = (message = "Unauthorized") => new DomainError("unauthenticated", message);
export const forbidden = (message = "Forbidden") => new DomainError("forbidden", message);
export const notFound = (what = "Resource") => new DomainError("not_found", `${what} not found`);
export const conflict = (message: string) => new DomainError("conflict", message);
export const staleWrite = (detail: Record<string, unknown>) =>
  new DomainError(
    "conflict",
    "This ticket was changed by someone else; your change was not saved",
    undefined,
    undefined,
    detail,
  );
export const tooLarge = (message = "Request body too large") => new DomainError("too_large", message);
export const unsupportedType = (message: string) => new DomainError("unsupported_type", message);
export const tooMany = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new DomainError("rate_limited", message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError("unavailable", message, undefined, retryAfterSeconds);
/** A read that would run past its time budget: the person narrows it instead of the server stalling. */
export const tooBroad = (
  message = "This search is too broad: narrow it with more words, a date range or filters.",
) => new DomainError("too_broad", message);
