/** One load run (wrk, or the autocannon Node CLI; never in the server's runtime) with RSS sampling. */
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./server";

export type Scenario = {
  name: string;
  method?: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  target?: "ceiling";
  /** Each request's body gets a random id in place of [<id>]. */
  ids?: boolean;
  /**
   * Threads of the load generator (autocannon's workers, wrk's threads); one unless told. A large answer
   * needs two: one autocannon thread turns every body into a string and saturates its core, so its p99
   * would measure the generator.
   */
  generatorThreads?: number;
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

export type Generator = "autocannon" | "wrk";

/**
 * The generator named, else wrk when installed: on a small machine the generator takes CPU from the server it
 * measures, and wrk far less than autocannon. wrk's counts are right but its latencies on small fast answers
 * are not always (bench/README.md), so read their p99 with autocannon.
 */
export function generatorOf(named: string | undefined): Generator {
  const g = named ?? (Bun.which("wrk") ? "wrk" : "autocannon");
  if (g !== "wrk" && g !== "autocannon") throw new Error("--generator is wrk or autocannon");
  return g;
}

export async function measure(
  url: string,
  s: Scenario,
  connections: number,
  seconds: number,
  rss: () => number,
  generator: Generator = "autocannon",
  rate?: number,
): Promise<Measured> {
  if (generator === "wrk") {
    if (rate) throw new Error("a fixed request rate needs autocannon: wrk only loads as fast as it can");
    return measureWithWrk(url, s, connections, seconds, rss);
  }
  const args = ["-c", String(connections), "-d", String(seconds), "-j", "-n", "-m", s.method ?? "GET"];
  // at a fixed rate autocannon counts a late request from when it was due, not from when it was sent
  if (rate) args.push("-R", String(rate));
  for (const [k, v] of Object.entries(s.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (s.body !== undefined) args.push("-H", "Content-Type=application/json", "-b", JSON.stringify(s.body));
  if (s.ids) args.push("-I");
  if ((s.generatorThreads ?? 1) > 1) args.push("-w", String(s.generatorThreads));
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

/**
 * The same measurement with wrk (C, one thread): about a tenth of autocannon's CPU per request, so on a
 * small machine the server's processes get the cores the generator would otherwise take. Its Lua
 * script sets the method, headers and body, puts a fresh id in place of [<id>] and prints the figures.
 */
async function measureWithWrk(
  url: string,
  s: Scenario,
  connections: number,
  seconds: number,
  rss: () => number,
): Promise<Measured> {
  const script = join(tmpdir(), `helpdesk-wrk-${process.pid}-${Date.now()}.lua`);
  writeFileSync(script, wrkScript(s));
  try {
    const args = [
      "-t",
      String(s.generatorThreads ?? 1),
      "-c",
      String(connections),
      "-d",
      `${seconds}s`,
      "-s",
      script,
      url + s.path,
    ];
    const child = Bun.spawn(["wrk", ...args], { stdout: "pipe", stderr: "pipe" });
    let peak = rss();
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
    const [code, out] = [await child.exited, await new Response(child.stdout).text()];
    clearInterval(sampler);
    const line = out.split("\n").find((l) => l.startsWith("{"));
    if (code !== 0 || !line)
      throw new Error(`wrk failed for ${s.name}: ${out} ${await new Response(child.stderr).text()}`);
    const r = JSON.parse(line) as { requests: number; us: number; errors: number; p50: number; p99: number };
    return {
      reqPerSec: r.requests / (r.us / 1e6),
      p50: r.p50,
      p99: r.p99,
      errors: r.errors,
      requests: r.requests,
      peakRssMb: Math.max(peak, rss()),
      generatorCpuUs: Number(child.resourceUsage()?.cpuTime.total ?? 0),
    };
  } finally {
    rmSync(script, { force: true });
  }
}

const lua = (text: string) => JSON.stringify(text); // a JSON string literal is a valid Lua string literal here

function wrkScript(s: Scenario) {
  const headers = { ...s.headers, ...(s.body !== undefined ? { "Content-Type": "application/json" } : {}) };
  const body = s.body === undefined ? null : JSON.stringify(s.body);
  return [
    `wrk.method = ${lua(s.method ?? "GET")}`,
    ...Object.entries(headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    body === null ? "" : `wrk.body = ${lua(body)}`,
    s.ids && body !== null
      ? `local n = 0
local prefix = tostring(os.time()) .. tostring(math.random(1000000))
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, (wrk.body:gsub("%[<id>%]", prefix .. "-" .. n)))
end`
      : "",
    `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"errors":%d,"p50":%.3f,"p99":%.3f}\\n', summary.requests,
    summary.duration, e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end`,
  ].join("\n");
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
