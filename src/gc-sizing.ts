import { totalmem } from "node:os";

/**
 * JavaScriptCore reads this once, when the process starts: the RAM size it plans its heap for. The more
 * RAM it sees, the more garbage it lets pile up between collections, for no more requests served.
 */
const JSC_RAM_SIZE = "BUN_JSC_forceRAMSize";

/**
 * The environment to start again with so the collector plans for `ramSize` bytes, or null to go on:
 * sizing is off (0), already chosen (by an earlier start or by hand), or the machine has no more RAM
 * than that anyway.
 */
export function gcSizedEnv(
  env: Record<string, string | undefined>,
  ramSize: number,
  machineRam = totalmem(),
): Record<string, string> | null {
  if (ramSize === 0 || env[JSC_RAM_SIZE] !== undefined || machineRam <= ramSize) return null;
  const next: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) next[k] = v;
  next[JSC_RAM_SIZE] = String(ramSize);
  return next;
}

/**
 * Replaces this process by itself, `args` again, with `env` and the collector sized; execve keeps the pid, the
 * open standard streams and the parent, so a service manager, supervisor or test sees one process.
 * Returns only when nothing needs to change.
 */
export function sizeGarbageCollector(
  ramSize: number,
  env: Record<string, string | undefined>,
  args: string[],
) {
  const sized = gcSizedEnv(env, ramSize);
  if (sized) process.execve?.(process.execPath, [process.execPath, ...args], sized);
}
