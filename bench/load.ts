/** One autocannon run (Node CLI, so the load generator never shares the server's runtime) with RSS sampling. */
import { join } from "node:path";
import { ROOT } from "./server";

export type Scenario = {
  name: string;
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  target?: "ceiling";
  /** Each request's body gets a random id in place of [<id>]. */
  ids?: boolean;
};
export type Measured = {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  peakRssMb: number;
  /** CPU the load generator itself used, in microseconds: on a small machine it competes with the server. */
  generatorCpuUs: number;
};

const AUTOCANNON = join(ROOT, "node_modules/autocannon/autocannon.js");

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

export async function measure(
  url: string,
  s: Scenario,
  connections: number,
  seconds: number,
  rss: () => number,
): Promise<Measured> {
  const args = ["-c", String(connections), "-d", String(seconds), "-j", "-n", "-m", s.method ?? "GET"];
  for (const [k, v] of Object.entries(s.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (s.body !== undefined) args.push("-H", "Content-Type=application/json", "-b", JSON.stringify(s.body));
  if (s.ids) args.push("-I");
  const child = Bun.spawn(["node", AUTOCANNON, ...args, url + s.path], { stdout: "pipe", stderr: "pipe" });
  let peak = rss();
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const [code, out] = [await child.exited, await new Response(child.stdout).text()];
  clearInterval(sampler);
  if (code !== 0)
    throw new Error(`autocannon failed for ${s.name}: ${await new Response(child.stderr).text()}`);
  const r = JSON.parse(out) as AutocannonJson;
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
    peakRssMb: Math.max(peak, rss()),
    generatorCpuUs: Number(child.resourceUsage()?.cpuTime.total ?? 0),
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Waits until the server answers /healthz promptly again, so a backlog left by one path never lands on the next. */
export async function settle(url: string, timeoutMs = 120_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status < 500,
      () => false,
    ); // the ceiling answers 404
    if (ok && performance.now() - started < 50) return;
    await Bun.sleep(200);
  }
}
