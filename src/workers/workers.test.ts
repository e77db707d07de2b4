import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { launch, listeners, ticketInput, type Server } from "../hardening/harness";

/** The server processes the supervisor started (its direct children). */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

/** Which process served each request, from the request log lines of the server's output. */
const servedBy = (logs: string) =>
  new Set(
    logs
      .split("\n")
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => (JSON.parse(l) as { pid: number }).pid),
  );

async function until(check: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}

let srv: Server;
beforeAll(async () => {
  srv = await launch({ workers: 2, env: { LOG_LEVEL: "info", BACKUP_INTERVAL: "0" } });
}, 60_000);
afterAll(() => srv?.stop(), 20_000);

describe("WORKERS=2", () => {
  test("two server processes share the port and both answer", async () => {
    expect(childrenOf(srv.proc.pid).length).toBe(2);
    expect(await listeners(srv.port)).toBe(2);
    for (let i = 0; i < 40; i++)
      expect((await fetch(`${srv.url}/healthz`, { keepalive: false })).status).toBe(200);
    const pids = servedBy(await srv.logs());
    expect([...pids].sort()).toEqual(childrenOf(srv.proc.pid).sort());
  }, 30_000);

  test("a killed server process is started again and serves", async () => {
    const [victim, survivor] = childrenOf(srv.proc.pid) as [number, number];
    process.kill(victim, "SIGKILL");
    await until(async () => {
      const now = childrenOf(srv.proc.pid);
      return now.length === 2 && !now.includes(victim) && (await listeners(srv.port)) === 2;
    });
    const replacement = childrenOf(srv.proc.pid).find((p) => p !== survivor)!;
    const before = (await srv.logs()).length;
    await until(async () => {
      await fetch(`${srv.url}/healthz`, { keepalive: false });
      return servedBy((await srv.logs()).slice(before)).has(replacement);
    });
    expect(await srv.logs()).toContain('"msg":"worker exited: restarting"');
  }, 90_000);

  test("SIGTERM stops the supervisor and every server process cleanly, in-flight requests first", async () => {
    const kids = childrenOf(srv.proc.pid);
    // A submission whose body is still arriving when the stop signal comes.
    const json = JSON.stringify(ticketInput());
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        push = c;
      },
    });
    push.enqueue(new TextEncoder().encode(json.slice(0, 40)));
    const inFlight = fetch(`${srv.url}/api/tickets`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", Origin: srv.url, "Content-Length": String(json.length) },
      keepalive: false,
    });
    await Bun.sleep(300);
    srv.proc.kill("SIGTERM");
    await Bun.sleep(300);
    push.enqueue(new TextEncoder().encode(json.slice(40)));
    push.close();
    expect((await inFlight).status).toBe(201);
    expect(await srv.proc.exited).toBe(0);
    for (const pid of kids) expect(() => process.kill(pid, 0)).toThrow();
    const logs = await srv.logs();
    for (const pid of kids)
      expect(logs).toMatch(new RegExp(`"msg":"shutting down","worker":\\d,"pid":${pid}`));
  }, 30_000);
});
