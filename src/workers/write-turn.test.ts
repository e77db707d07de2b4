import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { serveWriteTurns } from "./write-turn-server";
import { connectWriteTurn } from "./write-turn";

const BUN = join(import.meta.dir, "../../node_modules/.bin/bun");
let turns: ReturnType<typeof serveWriteTurns>;
beforeEach(() => {
  turns = serveWriteTurns();
});
afterEach(() => turns.stop());

/** Resolves with "granted" or, after `ms`, "waiting". */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => "granted"), Bun.sleep(ms).then(() => "waiting")]);

test("write turns – one holder at a time, granted in the order asked", async () => {
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => connectWriteTurn(turns.path)));
  const order: string[] = [];
  const releaseA = await a!.take();
  const waitB = b!.take().then((r) => {
    order.push("b");
    return r;
  });
  await Bun.sleep(5);
  const waitC = c!.take().then((r) => {
    order.push("c");
    return r;
  });
  expect(await within(waitB, 100)).toBe("waiting");
  releaseA();
  const releaseB = await waitB;
  expect(await within(waitC, 100)).toBe("waiting");
  releaseB();
  releaseB(); // a second release must not free a turn someone else now holds
  (await waitC)();
  expect(order).toEqual(["b", "c"]);
  expect(await within(a!.take(), 1000)).toBe("granted");
});

test("write turns – a holder killed with kill -9 loses its turn at once", async () => {
  const script = `const t = await (await import(${JSON.stringify(join(import.meta.dir, "write-turn.ts"))})).connectWriteTurn(${JSON.stringify(turns.path)});
    await t.take(); console.log("held"); setInterval(() => {}, 1000);`;
  const holder = Bun.spawn([BUN, "-e", script], { stdout: "pipe", stderr: "inherit" });
  const reader = holder.stdout.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain("held");
  const mine = await connectWriteTurn(turns.path);
  const waiting = mine.take();
  expect(await within(waiting, 300)).toBe("waiting");
  const killedAt = performance.now();
  holder.kill(9);
  expect(await within(waiting, 1000)).toBe("granted");
  expect(performance.now() - killedAt).toBeLessThan(1000);
}, 20_000);

test("write turns – a taker that waited too long is told the server is busy, and its late turn is handed back", async () => {
  const [a, b] = await Promise.all([connectWriteTurn(turns.path, 100), connectWriteTurn(turns.path)]);
  const releaseB = await b.take();
  const gaveUp = a.take().catch((e: Error) => e);
  expect(String(await gaveUp)).toContain("busy");
  releaseB();
  // a's abandoned ask is granted now and must be released by a itself, or b would wait forever
  expect(await within(b.take(), 1000)).toBe("granted");
});

test("write turns – with the supervisor's socket gone, turns are free and its directory is removed", async () => {
  const a = await connectWriteTurn(turns.path);
  const releaseA = await a.take();
  const b = await connectWriteTurn(turns.path);
  const waitB = b.take();
  turns.stop();
  expect(await within(waitB, 1000)).toBe("granted");
  releaseA();
  expect(await within(a.take(), 100)).toBe("granted");
  expect(existsSync(dirname(turns.path))).toBe(false);
});
