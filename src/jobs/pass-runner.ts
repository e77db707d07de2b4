import { log } from "../log";

export type PassRunner = {
  /** Runs a pass now, or once more after the running one, so work queued meanwhile is not left waiting. */
  run: () => Promise<void>;
  /** Waits for the running pass, then runs one more; for tests. */
  drain: () => Promise<void>;
  /** No pass starts after this; resolves when the running one ends. */
  stop: () => Promise<void>;
  stopped: () => boolean;
};

/** One pass at a time for a background worker; a failed pass is logged under `name` and the next one runs. */
export function passRunner(name: string, pass: () => Promise<void>): PassRunner {
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err) => log.error(`${name} pass failed`, { error: String(err) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return {
    run,
    drain: async () => {
      await running;
      await run();
    },
    stop: async () => {
      stopped = true;
      await running;
    },
    stopped: () => stopped,
  };
}

/** Runs a pass now (or first after `ms`) and then every `ms` until stopped: a job's whole life. */
export function everyMs(runner: PassRunner, ms: number, first: "now" | "later" = "now") {
  if (first === "now") void runner.run();
  const timer = setInterval(() => void runner.run(), ms);
  return {
    runner,
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
    },
  };
}
