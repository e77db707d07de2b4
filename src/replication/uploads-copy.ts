import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, open, readdir, rename } from "node:fs/promises";
import { join } from "node:path";

const COPYING = ".copying";

/** The target's names, read once: uploads are never changed in place, so a present name is a done copy. */
export function listCopied(to: string): Set<string> {
  if (!existsSync(to)) return new Set();
  return new Set(readdirSync(to).filter((n) => !n.endsWith(COPYING)));
}

/** Off the event loop: a large file copied and flushed inline would stall every request meanwhile. */
async function copyWhole(src: string, dst: string) {
  const temp = `${dst}${COPYING}`;
  await copyFile(src, temp);
  const handle = await open(temp, "r");
  try {
    await handle.sync(); // on the target's disk before its final name exists
  } finally {
    await handle.close();
  }
  await rename(temp, dst);
}

/**
 * Copies the uploads that `copied` (the target's names) lacks into `to`, through a temp name and a
 * rename, so a name on the target is always a whole file. Never deletes on the target: a copy
 * outlives its ticket, so a restore to an earlier point still finds the files of that time.
 */
export async function copyNewUploads(from: string, to: string, copied: Set<string>): Promise<number> {
  if (!existsSync(from)) return 0;
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    // `.part`: an upload still being received, renamed or deleted at any moment
    if (!entry.isFile() || entry.name.endsWith(".part") || copied.has(entry.name)) continue;
    try {
      await copyWhole(join(from, entry.name), join(to, entry.name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // removed meanwhile: nothing to keep
      throw err;
    }
    copied.add(entry.name);
    count++;
  }
  return count;
}
