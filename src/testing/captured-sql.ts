import type { Database } from "bun:sqlite";

/**
 * Every SQL text the connection is asked to prepare from now on (Drizzle's statements and raw queries
 * alike), in order; the handle stays real.
 */
export function captureSql(sqlite: Database): string[] {
  const captured: string[] = [];
  for (const method of ["prepare", "query"] as const) {
    const original = sqlite[method].bind(sqlite) as (sql: string, ...rest: unknown[]) => unknown;
    (sqlite as unknown as Record<string, unknown>)[method] = (sql: string, ...rest: unknown[]) => {
      captured.push(sql);
      return original(sql, ...rest);
    };
  }
  return captured;
}
