import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../src/http/env";
import { validate } from "../../src/http/validate";
import { presenceSchema } from "../../src/shared/schemas/admin-ticket";
import { getTicketInScope } from "../../src/tickets/tickets.scope";
import type { LiveClient } from "../../src/events/hub";
import { eventStreamAnswer } from "../../src/http/openapi/describe";

const HEARTBEAT_MS = 25_000;
const lastEventIdOf = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined);

/** The live stream of ticket changes within the user's scope, and who has which ticket open. */
export const adminEventsApi = new Hono<AppEnv>()
  .get("/", eventStreamAnswer(), (c) => {
    let queued: string[] | null = [];
    let write = (text: string) => queued?.push(text);
    let ended = false;
    let end = () => {
      ended = true;
    };
    const client: LiveClient = {
      sid: c.get("sessionId")!,
      user: c.get("user")!,
      write: (text) => write(text),
      end: () => end(),
    };
    // Connecting first lets the per-user cap answer 429 before the stream starts.
    const disconnect = c.get("deps").events.connect(client, lastEventIdOf(c.req.header("last-event-id")));
    // Bun closes a connection idle for 10 s by default; heartbeats come every 25 s.
    (c.env as { timeout?: (req: Request, seconds: number) => void } | undefined)?.timeout?.(c.req.raw, 0);
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no"); // proxies must pass each event on at once
    return streamSSE(c, async (stream) => {
      const closed = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
        if (ended) resolve();
      });
      write = (text) => void stream.write(text).catch(() => end());
      await stream.write("retry: 2000\nevent: ready\ndata: {}\n\n");
      for (const text of queued ?? []) write(text);
      queued = null;
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      await closed;
      clearInterval(heartbeat);
      disconnect();
    });
  })
  .post("/presence", validate("json", presenceSchema), (c) => {
    const { ticketId } = c.req.valid("json");
    const { db, events } = c.get("deps");
    const ticket = ticketId === null ? null : getTicketInScope(db, c.get("user")!, ticketId);
    return c.json(events.presence.view(c.get("user")!, ticket) ?? { ticketId: null, viewers: [] });
  });
