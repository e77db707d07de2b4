/**
 * `npm run bench -- --only uploads [--binary path]`: the server's memory while large uploads stream in, and
 * /healthz meanwhile. Two loads: 8 staff uploads of 10 × 9.9 MB at once, then 12 visitors (one IPv6
 * /64 each, through TRUST_PROXY) sending 5 × 9 MB each. Prints RSS idle and peak, and /healthz p50/p99.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { signInCookie, startServerAt } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  // an executable already built (npm run build:binary) instead of `bun src/main.ts`
  options: { binary: { type: "string" } },
});
const MB = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), "helpdesk-bench-uploads-"));
const env = { TRUST_PROXY: "true", RATE_LIMIT_PUBLIC_WRITES: "1000000" };
const command = typeof opt.binary === "string" ? [opt.binary] : undefined;
const server = await startServerAt(dataDir, { env, command });
const cookie = await signInCookie(server.url);
const origin = { Origin: server.url };

async function newTicket(): Promise<number> {
  const res = await fetch(`${server.url}/api/tickets`, {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Uploader",
      email: "bench.uploader@example.com",
      phone: "555-123-4567",
      companyId: 1,
      companyName: "Main Office",
      department: "IT",
      ticketType: "IT",
      priority: "medium",
      description: "Scans of the broken printer attached below.",
    }),
  });
  return ((await res.json()) as { id: number }).id;
}

type Upload = { path: string; headers: Record<string, string>; form: FormData };
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN;
};

/** Runs the uploads at once while sampling the server's RSS and timing /healthz back to back. */
async function round(name: string, uploads: Upload[]) {
  await Bun.sleep(1500);
  const idle = server.rssMb();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 10);
  // a process of its own: the uploads' client must not delay the probe's requests or timers
  const probe = Bun.spawn([process.execPath, join(import.meta.dir, "health-probe.ts"), server.url], {
    stdout: "pipe",
  });
  const t0 = performance.now();
  const statuses = await Promise.all(
    uploads.map(async (u) => {
      const res = await fetch(server.url + u.path, {
        method: "POST",
        headers: { ...origin, ...u.headers },
        body: u.form,
      }).catch(() => null);
      await res?.arrayBuffer();
      return res?.status ?? 0;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  probe.kill();
  const health = (await new Response(probe.stdout).text()).split("\n").filter(Boolean).map(Number);
  clearInterval(sampler);
  const counts = Object.entries(
    statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}),
  )
    .map(([s, n]) => `${n} × ${s || "failed"}`)
    .join(", ");
  console.log(
    `${name}: ${counts} in ${seconds.toFixed(1)} s; server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}); /healthz p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms (${health.length} probes)`,
  );
}

const files = (count: number, bytes: number, field: string, form = new FormData()) => {
  const blob = new Blob([new Uint8Array(bytes).fill(97)]);
  for (let i = 0; i < count; i++) form.append(field, new File([blob], `scan${i}.txt`));
  return form;
};

const staffTickets = await Promise.all(Array.from({ length: 8 }, newTicket));
await round(
  "8 staff uploads of 10 × 9.9 MB",
  staffTickets.map((id) => ({
    path: `/api/admin/tickets/${id}/attachments`,
    headers: { Cookie: cookie },
    form: files(10, Math.floor(9.9 * MB), "files"),
  })),
);

const visitorTickets = await Promise.all(Array.from({ length: 12 }, newTicket));
await round(
  "12 visitors (IPv6 /64 each) × 5 × 9 MB",
  visitorTickets.map((id, i) => {
    const form = new FormData();
    form.append("ticketId", String(id));
    return {
      path: "/api/tickets/upload",
      headers: { "X-Forwarded-For": `2001:db8:${(i + 1).toString(16)}::1` },
      form: files(5, 9 * MB, "files", form),
    };
  }),
);

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
