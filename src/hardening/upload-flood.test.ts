// Anonymous upload flooding: byte budgets per address, per ticket and for free disk, bodies streamed to
// disk (memory stays flat), and the ticket found before a file byte is stored.
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { MAX_UPLOAD_BYTES } from "../shared/constants";
import { client, launch, rssKiB, ticketInput, type Server } from "./harness";

const started: Server[] = [];
afterAll(() => Promise.all(started.map((s) => s.stop())), 30_000);

async function start(env: Record<string, string> = {}) {
  const srv = await launch({ env: { RATE_LIMIT_PUBLIC_WRITES: "1000", ...env } });
  started.push(srv);
  const api = client(srv.url);
  const newTicket = async () =>
    ((await (await api.req("/api/tickets", { json: ticketInput() })).json()) as { id: number }).id;
  return { srv, api, newTicket };
}

const uploadsBytes = (dataDir: string) =>
  readdirSync(join(dataDir, "uploads")).reduce((n, f) => n + statSync(join(dataDir, "uploads", f)).size, 0);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const form = (ticketId: number | null, files: File[]) => {
  const f = new FormData();
  if (ticketId !== null) f.append("ticketId", String(ticketId));
  for (const file of files) f.append("files", file);
  return f;
};

describe("upload flooding", () => {
  test("6 parallel uploads of ten ~10 MB files from one address: the byte budget stops them, memory stays flat", async () => {
    const { srv, api, newTicket } = await start();
    const tickets = await Promise.all(Array.from({ length: 6 }, newTicket));
    const big = new Uint8Array(MAX_UPLOAD_BYTES - 4096).fill(97);
    const baseline = await rssKiB(srv.proc.pid);
    let peak = baseline;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await rssKiB(srv.proc.pid));
    }, 25);
    const t0 = performance.now();
    const statuses = await Promise.all(
      tickets.map(async (id) => {
        const files = Array.from({ length: 10 }, (_, i) => new File([big], `scan${i}.pdf`));
        return (await api.req("/api/tickets/upload", { body: form(id, files) })).status;
      }),
    );
    clearInterval(sampler);
    const disk = uploadsBytes(srv.dataDir);
    console.log(
      `upload flood (6 × 10 × 10 MB): ${statuses.join(", ")} in ${(performance.now() - t0).toFixed(0)} ms; disk used ${mib(disk)} MiB; server RSS ${mib(baseline * 1024)} → peak ${mib(peak * 1024)} MiB`,
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(disk).toBeLessThanOrEqual(50 * 1024 * 1024); // UPLOAD_BYTES_PER_ADDRESS defaults to 50 MB a window
    expect(readdirSync(join(srv.dataDir, "uploads")).filter((f) => f.endsWith(".part"))).toEqual([]);
    expect((peak - baseline) / 1024).toBeLessThan(200);
  }, 120_000);

  test("a ticket's files stop at UPLOAD_BYTES_PER_TICKET", async () => {
    const { api, newTicket } = await start({ UPLOAD_BYTES_PER_TICKET: "1M" });
    const id = await newTicket();
    const part = new Uint8Array(600 * 1024).fill(97);
    const first = await api.req("/api/tickets/upload", { body: form(id, [new File([part], "a.txt")]) });
    const second = await api.req(`/api/tickets/${id}/attachments`, {
      body: (() => {
        const f = new FormData();
        f.append("file", new File([part], "b.txt"));
        return f;
      })(),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(413);
    expect(((await second.json()) as { message: string }).message).toBe(
      "This ticket has reached its limit for attached files",
    );
  }, 60_000);

  test("below MIN_FREE_DISK_MB uploads answer 503 and store nothing", async () => {
    const { srv, api, newTicket } = await start({ MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) });
    const id = await newTicket();
    const res = await api.req("/api/tickets/upload", { body: form(id, [new File(["hello"], "a.txt")]) });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toContain("out of storage space");
    expect(readdirSync(join(srv.dataDir, "uploads"))).toEqual([]);
  }, 60_000);

  test("an unknown ticket is refused before the body is stored, from ?ticketId= or a field before the files", async () => {
    const { srv, api } = await start();
    const file = new File([new Uint8Array(MAX_UPLOAD_BYTES - 1).fill(97)], "a.txt");
    const byQuery = await api.req("/api/tickets/upload?ticketId=999999", { body: form(null, [file]) });
    const byField = await api.req("/api/tickets/upload", { body: form(999999, [file]) });
    expect([byQuery.status, byField.status]).toEqual([404, 404]);
    expect(readdirSync(join(srv.dataDir, "uploads"))).toEqual([]);
  }, 60_000);
});
