// Submission load shared by the durability and crash tests.
import { client, openDb, ticketInput } from "./harness";

export const LOAD_ENV = { RATE_LIMIT_PUBLIC_WRITES: "1000000", SQLITE_SYNCHRONOUS: "FULL" };

/** Submits until `until()` says stop or `max` is reached; returns the acknowledged ticket ids. */
export async function load(url: string, opts: { max: number; concurrency: number; until?: () => boolean }) {
  const api = client(url);
  const acked: string[] = [];
  const statuses: Record<number, number> = {};
  await pool([...Array(opts.max).keys()], opts.concurrency, async (i) => {
    if (opts.until?.()) return;
    try {
      const res = await api.req("/api/tickets", {
        json: ticketInput({ description: `Load ticket number ${i} for the test.` }),
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 201) acked.push(((await res.json()) as { ticketId: string }).ticketId);
    } catch {
      statuses[0] = (statuses[0] ?? 0) + 1; // connection cut by the kill: not acknowledged
    }
  });
  return { acked, statuses };
}
export const idsIn = (dataDir: string) => {
  const db = openDb(dataDir);
  const rows = db.query("SELECT ticket_id AS id FROM tickets").all() as { id: string }[];
  db.close();
  return new Set(rows.map((r) => r.id));
};

/** Runs `fn` over `items` with at most `n` in flight. */
export async function pool<T, R>(
  items: T[],
  n: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
