const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "30m" | "6h" | "1d" → ms; "0" → 0 (off). The format is checked by the config schema. */
export function parseInterval(value: string): number {
  const m = /^(\d+)([mhd])$/.exec(value);
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : 0;
}
