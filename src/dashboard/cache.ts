import type { Deps } from "../deps";

/**
 * Memoises an async value in deps.cache for `ttlMs`. The pending promise itself is cached,
 * so many staff opening the dashboard at once cause one upstream call; failures are not kept.
 */
export function cached<T>(
  deps: Pick<Deps, "cache" | "now">,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
): Promise<T> {
  const hit = deps.cache.get(key);
  const nowMs = deps.now().getTime();
  if (hit && hit.expiresAt > nowMs) return hit.value as Promise<T>;
  // Entries are per scope, so drop expired ones on every miss to keep the map small.
  for (const [k, entry] of deps.cache) if (entry.expiresAt <= nowMs) deps.cache.delete(k);
  const value = load();
  deps.cache.set(key, { value, expiresAt: nowMs + ttlMs });
  value.catch(() => {
    if (deps.cache.get(key)?.value === value) deps.cache.delete(key);
  });
  return value;
}
