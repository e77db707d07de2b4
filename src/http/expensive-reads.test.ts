import { expect, test } from "bun:test";
import { ExpensiveReads } from "./expensive-reads";

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

test("costly reads run one at a time, with a turn of the event loop for other work once per slice, not per read", async () => {
  const lane = new ExpensiveReads(100, 100);
  let running = 0;
  let turns = 0;
  let finished = false;
  const turn = () => {
    if (finished) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  await Promise.all(
    Array.from({ length: 30 }, () =>
      lane.run(1, async () => {
        expect(++running).toBe(1);
        busy(0.2);
        await Promise.resolve();
        running--;
      }),
    ),
  );
  finished = true;
  // ~6 ms of reads: other work got the thread during them, every 2 ms slice rather than after each read
  expect(turns).toBeGreaterThanOrEqual(2);
  expect(turns).toBeLessThan(15);
});

test("a user past their share, or the lane past its total, is refused at once", async () => {
  const lane = new ExpensiveReads(1, 2);
  const { promise: gate, resolve: release } = Promise.withResolvers<void>();
  const held = lane.run(1, () => gate);
  await expect(lane.run(1, async () => {})).rejects.toMatchObject({
    code: "rate_limited",
    message: "Another search is still running. Please wait for it to finish.",
  });
  const other = lane.run(2, async () => "ran");
  await expect(lane.run(3, async () => {})).rejects.toMatchObject({
    code: "rate_limited",
    message: "The server is busy with other searches. Please try again in a moment.",
  });
  release();
  await held;
  expect(await other).toBe("ran");
});
