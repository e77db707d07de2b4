/** One server-sent event as a test reads it. */
export type Received = { id?: string; event: string; data: unknown };

/** A real EventSource-like reader over fetch: collects events, and tells when the server ended the stream. */
export async function openStream(base: string, cookie: string, lastEventId?: string) {
  const headers: Record<string, string> = { Cookie: cookie, Accept: "text/event-stream" };
  if (lastEventId !== undefined) headers["Last-Event-ID"] = lastEventId;
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/admin/events`, { headers, signal: ctrl.signal });
  const events: Received[] = [];
  const closed = res.ok && res.body ? read(res.body, events) : Promise.resolve();
  const stream = {
    status: res.status,
    events,
    closed,
    /** Ticket and presence events only (not the ready marker or a reload). */
    of: (event: string) => events.filter((e) => e.event === event),
    lastId: () => events.findLast((e) => e.id !== undefined)?.id,
    close: () => ctrl.abort(),
    async waitFor(pred: (e: Received[]) => boolean, ms = 3000) {
      const until = Date.now() + ms;
      while (!pred(events)) {
        if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(events)}`);
        await Bun.sleep(20);
      }
    },
  };
  if (res.ok) await stream.waitFor((e) => e.some((x) => x.event === "ready"));
  return stream;
}

async function read(body: ReadableStream<Uint8Array>, out: Received[]) {
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const part of body) {
      buffer += decoder.decode(part, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const e: Received = { event: "message", data: null };
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) e.id = line.slice(4);
          else if (line.startsWith("event: ")) e.event = line.slice(7);
          else if (line.startsWith("data: ")) e.data = JSON.parse(line.slice(6));
        }
        if (block.split("\n").some((l) => !l.startsWith(":"))) out.push(e);
        end = buffer.indexOf("\n\n");
      }
    }
  } catch {
    // aborted by the test
  }
}
