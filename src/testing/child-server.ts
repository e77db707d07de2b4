import type { Subprocess } from "bun";
import { rmSync } from "node:fs";
import { connect } from "node:net";

/** A loopback port nothing listens on right now, for a server the tests start. */
export async function freePort(): Promise<number> {
  const srv = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = srv.port;
  srv.stop(true);
  return port;
}

/** Whether a server on the port greets with a line starting `banner` (its sign of being ready). */
export const greets = (port: number, banner: string) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.on("data", (d) => done(d.toString().startsWith(banner)));
    s.on("error", () => done(false));
    s.setTimeout(2000, () => done(false));
  });

/** Ends a test's server process (SIGKILL if it ignores SIGTERM for 5 s) and removes its temp folder. */
export async function stopChild(proc: Subprocess, dir: string) {
  if (proc.exitCode === null) {
    proc.kill("SIGTERM");
    const done = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
    if (!done) {
      proc.kill("SIGKILL");
      await proc.exited;
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
