// Crafted request lines and Host headers, sent over raw TCP: a clear 4xx and one short log line, never a 500.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { launch, type Server } from "./harness";

let srv: Server;
let port: number;

/** Sends `head` as written and returns the status code of the answer. */
function raw(head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(head)}`)), 5_000);
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open: (s) => void s.write(head),
        data: (_s, d) => {
          answer += d.toString();
        },
        close: () => {
          clearTimeout(timer);
          resolve(Number(answer.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0));
        },
        error: (_s, e) => reject(e),
      },
    });
  });
}
const get = (path: string, host: string | null, version = "1.1") =>
  raw(`GET ${path} HTTP/${version}\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

beforeAll(async () => {
  srv = await launch({ env: { LOG_LEVEL: "warn" } });
  port = Number(new URL(srv.url).port);
}, 30_000);
afterAll(() => srv?.stop(), 15_000);

describe("Host header", () => {
  const cases: [string, string | null, string][] = [
    ["no Host on HTTP/1.0", null, "1.0"],
    ["a port out of range", "x:99999", "1.1"],
    ["a space in the name", "a b", "1.1"],
  ];
  for (const [name, host, version] of cases)
    test(`${name}: 400 on every route, one log line without a stack`, async () => {
      const before = (await srv.logs()).length;
      for (const path of ["/", "/healthz", "/api/tickets/1/notes", "/api/admin/tickets", "/build/x.js"])
        expect(await get(path, host, version)).toBe(400);
      const logged = (await srv.logs()).slice(before).trim().split("\n");
      expect(logged).toHaveLength(5);
      for (const line of logged) {
        expect(JSON.parse(line).msg).toBe("refused a request without a valid Host header");
        expect(line).not.toContain("stack");
      }
    });

  test("a valid Host still works, with and without a port", async () => {
    expect(await get("/healthz", `127.0.0.1:${port}`)).toBe(200);
    expect(await get("/healthz", "localhost")).toBe(200);
  });
});

describe("malformed percent escapes", () => {
  for (const path of ["/%ff", "/%", "/%.js", "/build/%e0%a4%a.js", "/api/%", "/api/tickets/%ff/notes"])
    test(`${path}: a 4xx, no error logged`, async () => {
      const before = (await srv.logs()).length;
      const status = await get(path, "localhost");
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect((await srv.logs()).slice(before)).not.toContain("unhandled error");
    });
});
