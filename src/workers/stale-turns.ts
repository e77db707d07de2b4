import { readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TURNS_PREFIX = "helpdesk-turns-";
/** Younger directories are left alone: their supervisor may be between creating one and listening in it. */
const SETTLED_MS = 60_000;

/**
 * Removes the write-turn directories of supervisors that were killed outright (kill -9 skips their
 * clean-up): this user's, older than a minute, and with nothing answering on their socket.
 */
export async function removeStaleTurnDirs(parent = tmpdir(), now = Date.now()) {
  const uid = process.getuid?.();
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(TURNS_PREFIX)) continue;
    const dir = join(parent, name);
    try {
      const st = statSync(dir);
      if (!st.isDirectory() || st.uid !== uid || now - st.mtimeMs < SETTLED_MS) continue;
      if (!(await answers(join(dir, "turns.sock")))) rmSync(dir, { recursive: true, force: true });
    } catch {} // another user's or a vanished directory: not ours to tidy
  }
}

const answers = (path: string) =>
  Bun.connect({ unix: path, socket: { data() {} } }).then(
    (s) => {
      s.end();
      return true;
    },
    () => false,
  );
