/**
 * Keeps reading the mailbox: poll, then wait on IDLE (new mail wakes the loop at once) or, where the server has
 * no IDLE, for `pollSeconds`; a lost connection is re-opened with growing pauses. Nothing is thrown out of the
 * loop: the outcome of each pass and the last error are kept in `status` for the health screen.
 */
import type { ImapFlow } from "imapflow";
import { ClaimTracker } from "./claims";
import { parseImapUrl, redactImapUrl } from "./imap-url";
import { imapClient, type PollOptions, type PollReport, pollMailbox } from "./mailbox";

type WatchStatus = {
  mailbox: string;
  running: boolean;
  connected: boolean;
  /** Whether the server offers IDLE (null before the first login). */
  idle: boolean | null;
  lastPollAt: Date | null;
  lastSuccessAt: Date | null;
  lastReport: PollReport | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  failures: number;
};

export type WatchOptions = PollOptions & {
  url: string;
  pollSeconds: number;
  /** Pause after the first failure; doubles per failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Claims left by a dead poller are released after this long unchanged. */
  claimLeaseMs?: number;
  onReport?: (report: PollReport, status: WatchStatus) => void;
  onError?: (error: Error, status: WatchStatus) => void;
};

export function watch(opts: WatchOptions) {
  const target = parseImapUrl(opts.url);
  const claims = opts.claims ?? new ClaimTracker(opts.claimLeaseMs);
  const status: WatchStatus = {
    mailbox: redactImapUrl(opts.url),
    running: true,
    connected: false,
    idle: null,
    lastPollAt: null,
    lastSuccessAt: null,
    lastReport: null,
    lastError: null,
    lastErrorAt: null,
    failures: 0,
  };
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let client: ImapFlow | null = null;
  const wake = () => wakeUp?.();
  /** Sleeps until `ms` passed or something woke the loop (new mail, a closed connection, stop, pollNow). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeUp = done;
    });
  const failed = (err: unknown) => {
    const raw = err as { message?: string; responseText?: string; code?: string };
    // imapflow's errors say "Command failed"; the server's own words are in responseText.
    const text = [raw?.code, raw?.responseText ?? raw?.message ?? String(err)].filter(Boolean).join(": ");
    const error = new Error(text);
    status.lastError = error.message;
    status.lastErrorAt = new Date();
    status.failures++;
    try {
      opts.onError?.(error, status);
    } catch {}
  };

  async function session() {
    const c = await imapClient(target);
    client = c;
    c.on("error", () => {}); // the failed command or the close below carries the error
    c.on("exists", wake);
    c.on("close", wake);
    await c.connect();
    status.connected = true;
    status.idle = c.capabilities.has("IDLE");
    while (!stopped && c.usable) {
      status.lastPollAt = new Date();
      const report = await pollMailbox(c, target.folder, { ...opts, claims, shouldStop: () => stopped });
      status.lastSuccessAt = new Date();
      status.lastReport = report;
      status.failures = 0;
      if (report.errors.length) failed(new Error(report.errors.at(-1)));
      try {
        opts.onReport?.(report, status);
      } catch {}
      // The folder stays selected between passes; IDLE (NOOP where missing) reports new mail as `exists`.
      // The next command of the following pass ends the IDLE.
      if (stopped) break;
      c.idle().catch(() => {});
      await pause(opts.pollSeconds * 1000);
    }
    if (!stopped) throw new Error("the IMAP connection closed");
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await session();
      } catch (err) {
        if (!stopped) failed(err);
      } finally {
        status.connected = false;
        const c = client as ImapFlow | null;
        client = null;
        await c?.logout().catch(() => c.close());
      }
      if (stopped) break;
      const min = opts.minBackoffMs ?? 1000;
      const backoff = Math.min(opts.maxBackoffMs ?? 5 * 60_000, min * 2 ** Math.max(0, status.failures - 1));
      await pause(backoff * (0.8 + Math.random() * 0.4));
    }
    status.running = false;
  })();

  return {
    status,
    /** Runs a pass now instead of at the next wake-up. */
    pollNow: wake,
    async stop() {
      stopped = true;
      wake();
      // A pass in progress finishes its current message before the connection is closed.
      await loop;
    },
  };
}
