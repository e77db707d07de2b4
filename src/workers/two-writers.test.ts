// Two server processes submitting into one database: nothing acknowledged is lost, ids stay unique and
// consecutive, and a process killed mid-load never holds up the other.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { client, integrityOk, launch, openDb, ticketInput, type Server } from "../hardening/harness";
import { LOAD_ENV } from "../hardening/load";

const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

type Result = { status: number; ticketId?: string; ms: number; endedAt: number };

/** `concurrency` submitters, each on new connections (so both processes serve), until `until()`. */
async function submitUntil(url: string, concurrency: number, until: () => boolean) {
  const api = client(url);
  const results: Result[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!until()) {
        const t0 = performance.now();
        try {
          const res = await api.req("/api/tickets", { json: ticketInput() });
          const body = (await res.json()) as { ticketId?: string };
          results.push({
            status: res.status,
            ticketId: body.ticketId,
            ms: performance.now() - t0,
            endedAt: Date.now(),
          });
        } catch {
          results.push({ status: 0, ms: performance.now() - t0, endedAt: Date.now() }); // cut by the kill
        }
      }
    }),
  );
  return results;
}

const storedNumbers = (dataDir: string) => {
  const db = openDb(dataDir);
  const rows = db.query("SELECT ticket_id AS id FROM tickets").all() as { id: string }[];
  db.close();
  return rows.map((r) => Number(r.id.split("-")[2])).sort((a, b) => a - b);
};

let srv: Server;
afterAll(() => srv?.stop(), 20_000);

describe("WORKERS=2 submissions", () => {
  test("every acknowledged ticket is stored once, with consecutive ids, and no 5xx", async () => {
    srv = await launch({ workers: 2, env: { ...LOAD_ENV, BACKUP_INTERVAL: "0" } });
    const end = Date.now() + 3000;
    const results = await submitUntil(srv.url, 32, () => Date.now() > end);
    const acked = results.filter((r) => r.status === 201).map((r) => r.ticketId!);
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    expect(new Set(acked).size).toBe(acked.length);
    const stored = storedNumbers(srv.dataDir);
    expect(stored).toEqual(stored.map((_, i) => i + 1));
    expect(stored.length).toBe(acked.length);
  }, 90_000);

  test("kill -9 of one process under load: the other keeps acknowledging, and nothing acknowledged is lost", async () => {
    const before = storedNumbers(srv.dataDir).length;
    const [victim] = childrenOf(srv.proc.pid) as [number];
    let killedAt = Infinity;
    setTimeout(() => {
      killedAt = Date.now();
      process.kill(victim, "SIGKILL");
    }, 1000);
    const results = await submitUntil(srv.url, 32, () => Date.now() > killedAt + 2000);
    const acked = results.filter((r) => r.status === 201).map((r) => r.ticketId!);
    // Connections the kill cut are not acknowledged; the survivor answers every other request itself.
    expect(results.filter((r) => r.status !== 201 && r.status !== 0)).toEqual([]);
    expect(results.filter((r) => r.status === 201 && r.endedAt > killedAt + 500).length).toBeGreaterThan(0);
    // Well under the 8 s SQLite would wait for a lock before giving up.
    expect(Math.max(...results.filter((r) => r.status === 201).map((r) => r.ms))).toBeLessThan(3000);
    const stored = storedNumbers(srv.dataDir);
    expect(stored).toEqual(stored.map((_, i) => i + 1));
    const storedIds = new Set(stored);
    expect(acked.filter((id) => !storedIds.has(Number(id.split("-")[2])))).toEqual([]);
    expect(stored.length).toBeGreaterThanOrEqual(before + acked.length);
    expect(integrityOk(srv.dataDir)).toBe("ok");
  }, 90_000);
});
