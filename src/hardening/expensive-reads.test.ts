// One signed-in user firing broad searches in parallel must not stall the server for everyone else.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBench } from "../../bench/seed";
import { ADMIN, client, launch, type Server } from "./harness";

const TICKETS = Number(process.env.SLOW ? 200_000 : 100_000);
let srv: Server;
let cookie: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "helpdesk-hard-"));
  await seedBench(dataDir, TICKETS);
  // The lane alone: no query budget, so every admitted search runs to its end.
  srv = await launch({ dataDir, env: { SEARCH_BUDGET_MS: "0" } });
  cookie = await client(srv.url).login(ADMIN.email, ADMIN.password);
}, 180_000);
afterAll(() => srv?.stop(), 15_000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Times /healthz at short intervals while `work` runs; returns each probe's latency in milliseconds. */
async function probeWhile(work: Promise<unknown>) {
  const latencies: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await fetch(`${srv.url}/healthz`);
    latencies.push(performance.now() - t0);
    await Bun.sleep(25);
  }
  await finished;
  return latencies;
}

describe("costly staff reads", () => {
  test("8 parallel broad searches by one user: at most 2 are admitted, the rest answer 429 at once, /healthz stays fast", async () => {
    const api = client(srv.url);
    const one = () => api.req("/api/admin/tickets/breakdown?search=e", { cookie });
    const idle = await probeWhile(Bun.sleep(500));
    const t0 = performance.now();
    let responses: Response[] = [];
    const during = await probeWhile(
      (async () => {
        // Three bursts of 8, one after the other, as a script hammering the endpoint would send them.
        for (let i = 0; i < 3; i++)
          responses = responses.concat(await Promise.all(Array.from({ length: 8 }, one)));
      })(),
    );
    const ms = performance.now() - t0;
    const statuses = responses.map((r) => r.status);
    const refused = responses.filter((r) => r.status === 429);
    console.log(
      `${TICKETS} tickets, 3 × 8 parallel breakdown?search=e in ${ms.toFixed(0)} ms: ${statuses.filter((s) => s === 200).length} × 200, ${refused.length} × 429; /healthz median idle ${median(idle).toFixed(1)} ms, during ${median(during).toFixed(1)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} probes)`,
    );
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // Each is admitted only while fewer than 2 of the user's wait or run in that process (each process
    // guards its own thread). A burst's requests arrive over a few ms and are spread over the processes,
    // so a burst admits up to 2 in each, and 2 more that found a slot freed before the last one arrived.
    expect(refused.length).toBeGreaterThanOrEqual(3 * (8 - 2 * srv.workers - 2));
    expect(((await refused[0]!.json()) as { message: string }).message).toBe(
      "Another search is still running. Please wait for it to finish.",
    );
    expect(refused[0]!.headers.get("retry-after")).toBe("1");
    // Searches run one at a time with other requests let in between: a probe waits for about one search
    // (a few hundred ms here), not for a whole burst of them.
    expect(median(during)).toBeLessThan(1500);
  }, 120_000);

  test("cheap reads (a first page without a search) are never refused, however many run at once", async () => {
    const api = client(srv.url);
    const statuses = await Promise.all(
      Array.from(
        { length: 8 },
        async () => (await api.req("/api/admin/tickets?limit=20", { cookie })).status,
      ),
    );
    expect(statuses).toEqual(Array(8).fill(200));
  }, 60_000);
});
