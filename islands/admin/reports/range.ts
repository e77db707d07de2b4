/** Date presets of the Reports page, on office days "YYYY-MM-DD"; `to` is the day after the last one shown. */
export type Preset = "7" | "30" | "90" | "year" | "custom";
export type Range = { from: string; to: string };

export const PRESETS: Preset[] = ["7", "30", "90", "year", "custom"];

export function shiftDay(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}

/** The range a preset names, ending with today. */
export function presetRange(preset: Exclude<Preset, "custom">, today: string): Range {
  const to = shiftDay(today, 1);
  if (preset === "year") return { from: `${today.slice(0, 4)}-01-01`, to };
  return { from: shiftDay(today, 1 - Number(preset)), to };
}
