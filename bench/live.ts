/**
 * `npm run bench -- --only live [--tickets 20000 --seconds 5 --streams 200]`: the submit path's
 * throughput without and with 200 open event streams, how long one change takes to reach all of
 * them (p99 over several changes), and the server's RSS with the streams open.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seedBench } from "./seed";
import { signInCookie, startServerAt } from "./server";
import { measure } from "./load";
import { scenarios } from "./scenarios";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  options: {
    tickets: { type: "string", default: "20000" },
    seconds: { type: "string", default: "5" },
    streams: { type: "string", default: "200" },
  },
});
const count = Number(opt.streams);
const seconds = Number(opt.seconds);
const dataDir = mkdtempSync(join(tmpdir(), "helpdesk-bench-live-"));
await seedBench(dataDir, Number(opt.tickets));
const env = { RATE_LIMIT_PUBLIC_WRITES: "1000000000", SQLITE_SYNCHRONOUS: "FULL" };
const server = await startServerAt(dataDir, { env });
const admin = await signInCookie(server.url);
const origin = { Origin: server.url, "Content-Type": "application/json" };

// Five streams per user: enough staff who see every ticket to hold them all.
const cookies: string[] = [];
for (let i = 0; cookies.length * 5 < count; i++) {
  const user = { email: `live${i}@example.com`, password: "live-password" };
  const body = { ...user, firstName: "Live", lastName: `Viewer ${i}`, canViewAllTickets: true };
  await fetch(`${server.url}/api/admin/users`, {
    method: "POST",
    headers: { ...origin, Cookie: admin },
    body: JSON.stringify(body),
  });
  cookies.push(await signInCookie(server.url, user));
}

const submit = scenarios({
  url: server.url,
  cookie: admin,
  staffCookie: admin,
  email: "",
  ticketId: "",
  deepCursor: "",
  deepPage: 0,
}).find((s) => s.method === "POST" && s.path === "/api/tickets")!;
const before = await measure(server.url, submit, 16, seconds, server.rssMb);

type Stream = { seen: (marker: string) => number | undefined; abort: () => void };
/** A stream that only looks inside its bytes while a marker is awaited (no parsing under load). */
async function openStream(cookie: string): Promise<Stream> {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}/api/admin/events`, {
    headers: { Cookie: cookie },
    signal: ctrl.signal,
  });
  if (!res.ok) throw new Error(`stream: ${res.status}`);
  const wanted = new Map<string, number | undefined>();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body!) {
        if (!wanted.size) continue;
        const text = decoder.decode(chunk);
        for (const [m, at] of wanted)
          if (at === undefined && text.includes(m)) wanted.set(m, performance.now());
      }
    } catch {}
  })();
  return {
    seen: (marker) => {
      if (!wanted.has(marker)) wanted.set(marker, undefined);
      return wanted.get(marker);
    },
    abort: () => ctrl.abort(),
  };
}
const streams = await Promise.all(
  Array.from({ length: count }, (_, i) => openStream(cookies[Math.floor(i / 5)]!)),
);
await Bun.sleep(500);
const during = await measure(server.url, submit, 16, seconds, server.rssMb);
const rssWithStreams = server.rssMb();

// Fan-out: one change at a time, timed from the moment its write is acknowledged to its arrival everywhere.
const latencies: number[] = [];
for (let probe = 1; probe <= 20; probe++) {
  const marker = `"kind":"changed","ticketId":${probe}`;
  for (const s of streams) s.seen(marker);
  const res = await fetch(`${server.url}/api/admin/tickets/${probe}/priority`, {
    method: "PUT",
    headers: { ...origin, Cookie: admin },
    body: JSON.stringify({ priority: probe % 2 ? "high" : "low" }),
  });
  if (!res.ok) throw new Error(`change: ${res.status}`);
  const sent = performance.now();
  const deadline = sent + 5000;
  while (streams.some((s) => s.seen(marker) === undefined) && performance.now() < deadline)
    await Bun.sleep(2);
  for (const s of streams) latencies.push((s.seen(marker) ?? deadline) - sent);
}
latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const peakRss = server.peakRssMb();
for (const s of streams) s.abort();
await server.stop();

const ratio = during.reqPerSec / before.reqPerSec;
console.log(
  `live events bench (${Number(opt.tickets).toLocaleString("en")} tickets, ${count} streams, ${seconds} s runs)`,
);
console.log(`  submit without streams: ${Math.round(before.reqPerSec)} req/s (p99 ${before.p99} ms)`);
console.log(
  `  submit with ${count} streams: ${Math.round(during.reqPerSec)} req/s (p99 ${during.p99} ms) = ${(ratio * 100).toFixed(0)} % (target ≥ 90 %)`,
);
console.log(
  `  one change to all ${count} streams: p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms (target ≤ 250 ms)`,
);
console.log(
  `  server RSS with ${count} streams open: ${rssWithStreams.toFixed(0)} MB (peak ${peakRss.toFixed(0)} MB)`,
);
