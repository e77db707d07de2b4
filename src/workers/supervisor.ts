import type { Subprocess } from "bun";
import { log } from "../log";

type Child = { index: number; proc: Subprocess; ready: boolean; startedAt: number };

/** A child that ran this long before it died is restarted at once; quicker deaths back off up to 30 s. */
const HEALTHY_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;
/** Children get this long to drain after the stop signal (their own grace is shorter), then are killed. */
const STOP_GRACE_MS = 10_000;

/**
 * The supervisor of WORKERS > 1: starts `count` servers (index in HELPDESK_WORKER), restarts a dead one
 * with a growing delay, relays messages, passes a stop on. Resolves once every child serves; if a first
 * start fails (port taken, bad configuration), stops the others and rejects.
 */
export function superviseWorkers(o: {
  count: number;
  command: string[];
  env: Record<string, string | undefined>;
}) {
  const children = new Map<number, Child>();
  const failures = new Map<number, number>();
  let stopping = false;
  let anyReady = false;
  let settle: { resolve: () => void; reject: (e: Error) => void };
  const allReady = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));

  const relay = (from: number, message: unknown) => {
    for (const c of children.values()) {
      if (c.index === from || !c.ready) continue;
      // A sibling that is exiting too may have closed its channel before its exit is seen.
      try {
        c.proc.send({ relay: message });
      } catch {}
    }
  };
  const spawn = (index: number) => {
    const proc = Bun.spawn(o.command, {
      env: { ...o.env, HELPDESK_WORKER: String(index) },
      stdio: ["ignore", "inherit", "inherit"],
      serialization: "json",
      ipc: (message: { ready?: boolean; relay?: unknown }) => {
        if (message?.relay) return relay(index, message.relay);
        if (!message?.ready) return;
        child.ready = anyReady = true;
        if ([...children.values()].every((c) => c.ready)) settle.resolve();
      },
    });
    const child: Child = { index, proc, ready: false, startedAt: Date.now() };
    children.set(index, child);
    log.info("worker started", { worker: index, pid: proc.pid });
    void proc.exited.then((code) => exited(child, code));
  };
  const exited = (child: Child, code: number) => {
    if (children.get(child.index) === child) children.delete(child.index);
    relay(child.index, { type: "worker-gone", from: String(child.proc.pid) });
    if (stopping) return;
    if (!anyReady) {
      log.error("worker failed to start", { worker: child.index, code });
      void stop("SIGTERM").then(() => settle.reject(new Error(`worker ${child.index} exited with ${code}`)));
      return;
    }
    const ranMs = Date.now() - child.startedAt;
    const n = ranMs >= HEALTHY_MS ? 0 : (failures.get(child.index) ?? 0) + 1;
    failures.set(child.index, n);
    const delay = n === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 500 * 2 ** (n - 1));
    log.error("worker exited: restarting", {
      worker: child.index,
      pid: child.proc.pid,
      code,
      signal: child.proc.signalCode,
      restartInMs: delay,
    });
    setTimeout(() => !stopping && spawn(child.index), delay);
  };
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    stopping = true;
    const running = [...children.values()];
    for (const c of running) c.proc.kill(signal);
    const done = Promise.all(running.map((c) => c.proc.exited));
    if (!(await Promise.race([done.then(() => true), Bun.sleep(STOP_GRACE_MS).then(() => false)]))) {
      log.warn("workers still running after the grace period: killing them", { graceMs: STOP_GRACE_MS });
      for (const c of running) c.proc.kill("SIGKILL");
      await done;
    }
  };

  for (let i = 1; i <= o.count; i++) spawn(i);
  return { ready: allReady, stop, pids: () => [...children.values()].map((c) => c.proc.pid) };
}
