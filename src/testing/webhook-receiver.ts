// Test-only: a real HTTP receiver on loopback that checks signatures the way a third party would.
import { createHmac, timingSafeEqual } from "node:crypto";

type Received = { headers: Headers; body: string; at: number };

/** Verifies `X-Helpdesk-Signature` over `timestamp + "." + body` with the shared secret, in constant time. */
export function verify(
  secret: string,
  headers: Headers,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
) {
  const timestamp = headers.get("x-helpdesk-timestamp") ?? "";
  const given = headers.get("x-helpdesk-signature") ?? "";
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Answers each request with the next scripted reply (the last one repeats); `hold` keeps a request open. */
export function startReceiver(replies: (() => Response | Promise<Response>)[]) {
  const received: Received[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(req) {
      received.push({ headers: req.headers, body: await req.text(), at: Date.now() });
      const reply = replies[Math.min(received.length - 1, replies.length - 1)]!;
      return reply();
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, received, stop: () => server.stop(true) };
}
