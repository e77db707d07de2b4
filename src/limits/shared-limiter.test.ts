import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SharedStore } from "./shared-store";
import { SharedByteWindow, SharedRateLimiter, SharedUploadsInFlight } from "./shared-limiter";

/** Two stores on one file stand for two server processes. */
function twoProcesses() {
  let t = 1_000_000;
  const path = join(mkdtempSync(join(tmpdir(), "helpdesk-limits-")), "limits.sqlite");
  const clock = () => t;
  return {
    a: new SharedStore(path, clock),
    b: new SharedStore(path, clock),
    advance: (ms: number) => (t += ms),
  };
}

describe("limits shared between processes", () => {
  test("hits from both count against one budget, and a new window starts fresh", () => {
    const { a, b, advance } = twoProcesses();
    const [la, lb] = [new SharedRateLimiter(a, "w", 4, 60_000), new SharedRateLimiter(b, "w", 4, 60_000)];
    expect([la.hit("ip"), lb.hit("ip"), la.hit("ip"), lb.hit("ip")]).toEqual([0, 0, 0, 0]);
    expect(la.hit("ip")).toBe(60);
    expect(lb.blocked("ip")).toBe(60);
    expect(la.hit("other")).toBe(0);
    advance(60_000);
    expect(lb.blocked("ip")).toBe(0);
    expect(lb.hit("ip")).toBe(0);
  });

  test("reserve refuses past the budget without counting, and release gives a place back", () => {
    const { a, b } = twoProcesses();
    const [la, lb] = [new SharedRateLimiter(a, "r", 2, 60_000), new SharedRateLimiter(b, "r", 2, 60_000)];
    const first = la.reserve("x");
    const second = lb.reserve("x");
    expect([first.wait, second.wait]).toEqual([0, 0]);
    expect(la.reserve("x").wait).toBeGreaterThan(0);
    expect(lb.reserve("x").wait).toBeGreaterThan(0);
    second.release();
    second.release(); // only once
    expect(la.reserve("x").wait).toBe(0);
    expect(lb.reserve("x").wait).toBeGreaterThan(0);
    la.reset("x");
    expect(lb.reserve("x").wait).toBe(0);
  });

  test("upload bytes add up across processes", () => {
    const { a, b } = twoProcesses();
    const [wa, wb] = [new SharedByteWindow(a, 100, 60_000), new SharedByteWindow(b, 100, 60_000)];
    expect(wa.take("ip", 60)).toBe(0);
    expect(wb.take("ip", 40)).toBe(0);
    expect(wa.take("ip", 1)).toBe(60);
  });

  test("upload bytes in flight: both processes together stay within the total, and each gives its own back", () => {
    const { a, b } = twoProcesses();
    const [fa, fb] = [new SharedUploadsInFlight(a, 10), new SharedUploadsInFlight(b, 10)];
    const first = fa.take(6)!;
    expect(fb.take(5)).toBeNull();
    const second = fb.take(4)!;
    expect(fa.take(1)).toBeNull();
    first();
    first(); // only once
    expect([fa.held, fb.held]).toEqual([0, 4]);
    expect(fb.take(7)).toBeNull();
    const third = fb.take(6)!;
    second();
    third();
    expect(fa.take(10)).not.toBeNull();
  });
});
