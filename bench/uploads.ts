/**
 * `npm run bench -- --only uploads [--binary path] [--rounds 3]`: memory and /healthz while staff, then
 * visitors (one IPv6 /64 each, through TRUST_PROXY), send large uploads at once, each on a fresh server.
 * Prints RSS idle and peak, the answers (503: past UPLOAD_BYTES_IN_FLIGHT), /healthz p50/p99.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { signInCookie, startServerAt, type RunningServer } from "./server";

const { values: opt } = parseArgs({
  args: Bun.argv.slice(2),
  strict: false,
  // an executable already built (npm run build:binary) instead of `bun src/main.ts`
  options: { binary: { type: "string" }, rounds: { type: "string", default: "1" } },
});
const MB = 1024 * 1024;
const command = typeof opt.binary === "string" ? [opt.binary] : undefined;

type Upload = { path: string; headers: Record<string, string>; form: FormData };
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? Number.NaN;
};

async function newTicket(url: string): Promise<{ id: number; privateLink: string }> {
  const res = await fetch(`${url}/api/tickets`, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/json" },
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
  return (await res.json()) as { id: number; privateLink: string };
}

const files = (count: number, bytes: number, form = new FormData()) => {
  const blob = new Blob([new Uint8Array(bytes).fill(97)]);
  for (let i = 0; i < count; i++) form.append("files", new File([blob], `scan${i}.txt`));
  return form;
};

/** Runs the uploads at once on a fresh server while sampling its RSS and timing /healthz back to back. */
async function round(name: string, make: (server: RunningServer, cookie: string) => Promise<Upload[]>) {
  const dataDir = mkdtempSync(join(tmpdir(), "helpdesk-bench-uploads-"));
  const env = {
    TRUST_PROXY: "true",
    RATE_LIMIT_PUBLIC_WRITES: "1000000",
    RATE_LIMIT_PUBLIC_SEARCH: "1000000",
  };
  const server = await startServerAt(dataDir, { env, command });
  const uploads = await make(server, await signInCookie(server.url));
  await Bun.sleep(1000);
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
        headers: { Origin: server.url, ...u.headers },
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
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const tally = new Map<number, number>();
  for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1);
  const counts = [...tally].map(([s, n]) => `${n} × ${s === 0 ? "failed" : s}`).join(", ");
  console.log(
    `${name}: ${counts} in ${seconds.toFixed(1)} s; server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}); /healthz p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms (${health.length} probes); load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

for (let i = 0; i < Number(opt.rounds); i++) {
  await round("8 staff uploads of 10 × 9.9 MB", async (server, cookie) => {
    const tickets = await Promise.all(Array.from({ length: 8 }, () => newTicket(server.url)));
    return tickets.map(({ id }) => ({
      path: `/api/admin/tickets/${id}/attachments`,
      headers: { Cookie: cookie },
      form: files(10, Math.floor(9.9 * MB)),
    }));
  });
  await round("12 visitors (IPv6 /64 each) × 5 × 9 MB", async (server) => {
    const tickets = await Promise.all(Array.from({ length: 12 }, () => newTicket(server.url)));
    // through the private link the submit answer hands the visitor's browser, as the portal does
    return tickets.map(({ privateLink }, i) => ({
      path: `/api${privateLink}/attachments`,
      headers: { "X-Forwarded-For": `2001:db8:${(i + 1).toString(16)}::1` },
      form: files(5, 9 * MB),
    }));
  });
}
process.exit(0);
