/** Date presets of the Reports page, on office days "YYYY-MM-DD"; `to` is the day after the last one shown. */
export type Preset = "7" | "30" | "90" | "year" | "custom";
export type Range = { from: string; to: string };

export const PRESETS: { value: Preset; label: string }[] = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "year", label: "This year" },
  { value: "custom", label: "Custom" },
];

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

const HOUR = 60;
/** Minutes as people read them: "45 min", "3.5 h", or "2.1 d" past two days. */
export function duration(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < HOUR) return `${Math.round(minutes)} min`;
  if (minutes < 48 * HOUR) return `${(minutes / HOUR).toFixed(1)} h`;
  return `${(minutes / HOUR / 24).toFixed(1)} d`;
}

export const percent = (p: number | null) => (p === null ? "–" : `${Math.round(p)}%`);
