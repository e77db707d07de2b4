// Kill -9 during load and during an upload loses nothing acknowledged and leaves nothing half-written.
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { client, integrityOk, launch, openDb, ticketInput, type Server } from "./harness";
import { LOAD_ENV, idsIn, load } from "./load";

const SLOW = !!process.env.SLOW;
const started: Server[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
}, 30_000);

describe("kill -9", () => {
  test("five kills during load lose no acknowledged ticket and leave the database intact", async () => {
    let srv = await launch({ env: LOAD_ENV });
    const dataDir = srv.dataDir;
    const all: string[] = [];
    let killed = 0;
    for (let round = 0; round < 5; round++) {
      const killAt = Date.now() + 1000 + Math.random() * (SLOW ? 4000 : 1500);
      let dead = false;
      const timer = setTimeout(async () => {
        await srv.kill9();
        dead = true;
      }, killAt - Date.now());
      const { acked } = await load(srv.url, {
        max: 50_000,
        concurrency: 32,
        until: () => dead || Date.now() > killAt + 3000,
      });
      clearTimeout(timer);
      if (!dead) await srv.kill9();
      killed++;
      all.push(...acked);
      srv = await launch({ dataDir, env: LOAD_ENV });
      const stored = idsIn(dataDir);
      const missing = all.filter((id) => !stored.has(id));
      console.log(
        `kill -9 under load, round ${round + 1}: ${acked.length} acknowledged, ${stored.size} stored, ${missing.length} missing`,
      );
      expect(missing).toEqual([]);
      expect(integrityOk(dataDir)).toBe("ok");
    }
    started.push(srv);
    expect(killed).toBe(5);
    expect(all.length).toBeGreaterThan(0);
  }, 120_000);

  test("a kill during a slow 10 MB upload leaves no partial file and no row", async () => {
    let srv = await launch({ env: LOAD_ENV });
    const api = client(srv.url);
    const { id } = (await (await api.req("/api/tickets", { json: ticketInput() })).json()) as { id: number };
    const boundary = "----hardening";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="ticketId"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const size = 10 * 1024 * 1024 - 64;
    let sent = 0;
    const body = new ReadableStream({
      async pull(ctrl) {
        if (sent === 0) ctrl.enqueue(new TextEncoder().encode(head));
        if (sent >= size) return ctrl.close();
        ctrl.enqueue(new Uint8Array(256 * 1024).fill(65));
        sent += 256 * 1024;
        await Bun.sleep(25); // paced, so the kill lands mid-stream
      },
    });
    const upload = fetch(`${srv.url}/api/tickets/upload`, {
      method: "POST",
      body,
      headers: { Origin: srv.url, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    }).catch(() => null);
    await Bun.sleep(500);
    await srv.kill9();
    await upload;
    console.log(`kill -9 during an upload: killed after ${(sent / 1048576).toFixed(1)} MB of 10 MB`);
    srv = await launch({ dataDir: srv.dataDir, env: LOAD_ENV });
    started.push(srv);
    const db = openDb(srv.dataDir);
    expect(db.query("SELECT count(*) AS n FROM file_attachments").get()).toEqual({ n: 0 });
    db.close();
    expect(readdirSync(join(srv.dataDir, "uploads")).filter((f) => !f.startsWith("."))).toEqual([]);
  }, 60_000);
});
