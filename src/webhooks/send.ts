import { checkServerIdentity } from "node:tls";
import { isIP } from "node:net";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/schema";
import { DomainError } from "../errors/domain-error";
import { checkTarget } from "./address-guard";
import type { Outcome } from "./outbox";
import { HEADERS, signature } from "./signing";

/** Per attempt: connecting, sending and reading the answer's first bytes. */
const ATTEMPT_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 300;

/** The exact bytes sent on every attempt of a delivery: the stored snapshot in its envelope. */
function bodyOf(row: WebhookDeliveryRow): string {
  const snapshot = JSON.parse(row.payload) as Record<string, unknown>;
  return JSON.stringify({
    id: row.eventId,
    event: row.event,
    occurredAt: new Date(row.occurredAt).toISOString(),
    ...snapshot,
  });
}

async function excerptOf(res: Response): Promise<string | null> {
  const reader = res.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < EXCERPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  void reader.cancel().catch(() => {});
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES)).trim();
  return text || null;
}

/**
 * One POST of a delivery. The host is resolved and checked again now, and the request goes to that checked
 * address (the Host header and TLS name stay the configured host), so a DNS answer cannot change in between.
 */
export async function attempt(
  row: WebhookDeliveryRow,
  hook: WebhookRow,
  opts: { allowPrivate: boolean; now: Date },
): Promise<Outcome> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(hook.url, opts.allowPrivate);
  } catch (err) {
    const message = err instanceof DomainError ? err.message : String(err);
    return { ok: false, status: null, error: message, excerpt: null };
  }
  const body = bodyOf(row);
  const timestamp = Math.floor(opts.now.getTime() / 1000);
  const pinned = new URL(target.url);
  const byName = !isIP(target.host);
  if (byName) pinned.hostname = isIP(target.address) === 6 ? `[${target.address}]` : target.address;
  try {
    const res = await fetch(pinned, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: {
        Host: target.url.host,
        "Content-Type": "application/json",
        "User-Agent": "Helpdesk-Webhooks/1",
        [HEADERS.event]: row.event,
        [HEADERS.delivery]: row.eventId,
        [HEADERS.timestamp]: String(timestamp),
        [HEADERS.signature]: signature(hook.secret, timestamp, body),
      },
      body,
      ...(byName && target.url.protocol === "https:"
        ? {
            tls: {
              serverName: target.host,
              checkServerIdentity: (_: string, cert: Parameters<typeof checkServerIdentity>[1]) =>
                checkServerIdentity(target.host, cert),
            },
          }
        : {}),
    });
    const excerpt = await excerptOf(res);
    const ok = res.status >= 200 && res.status < 300;
    const error = ok
      ? null
      : res.status >= 300 && res.status < 400
        ? `Redirect to ${res.headers.get("location") ?? "?"} not followed`
        : `HTTP ${res.status}`;
    return { ok, status: res.status, error, excerpt };
  } catch (err) {
    const e = err as Error;
    const error =
      e?.name === "TimeoutError"
        ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
        : String(e?.message ?? e);
    return { ok: false, status: null, error, excerpt: null };
  }
}
