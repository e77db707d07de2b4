import type { Socket } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TURNS_PREFIX } from "./stale-turns";

/** One byte per message: a client asks, the server grants, the client releases. */
export const LOCK_ASK = 0x61; // "a"
export const LOCK_GRANTED = 0x67; // "g"
export const LOCK_RELEASE = 0x72; // "r"

type Conn = Socket<undefined>;

/**
 * The write turn of the server processes, held by the supervisor on a Unix socket: asks are
 * granted first come, first served, one holder at a time. A holder whose connection closes (it
 * exited, even by kill -9) loses the turn at once, so a dead process never keeps the others waiting.
 */
export function serveWriteTurns(parent = tmpdir()) {
  // A directory only this user can enter: no other account can connect and hold the turn.
  const dir = mkdtempSync(join(parent, TURNS_PREFIX));
  const path = join(dir, "turns.sock");
  const waiting: Conn[] = [];
  let holder: Conn | null = null;
  const grantNext = () => {
    while (!holder && waiting.length > 0) {
      const next = waiting.shift()!;
      // A write to a closed connection sends nothing: that asker is gone, the turn goes on.
      if (next.write(new Uint8Array([LOCK_GRANTED])) > 0) holder = next;
    }
  };
  const forget = (conn: Conn) => {
    for (let i = waiting.indexOf(conn); i >= 0; i = waiting.indexOf(conn)) waiting.splice(i, 1);
    if (holder === conn) holder = null;
    grantNext();
  };
  const listener = Bun.listen<undefined>({
    unix: path,
    socket: {
      data: (conn, bytes) => {
        for (const byte of bytes) {
          if (byte === LOCK_ASK) waiting.push(conn);
          else if (byte === LOCK_RELEASE && holder === conn) holder = null;
        }
        grantNext();
      },
      close: forget,
      error: forget,
    },
  });
  return {
    path,
    stop: () => {
      listener.stop(true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
