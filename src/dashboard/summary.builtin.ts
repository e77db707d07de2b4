import type { AiSummaryDto } from "../shared/dto";
import type { OldTicket, SummaryFigures } from "./summary.figures";

export type SummaryBody = Pick<AiSummaryDto, "summary" | "highlights" | "trends" | "recommendations">;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Below this base a percentage exaggerates ("down 100%" for one ticket), so counts are given instead. */
const PERCENT_BASE = 20;

/** A wait as people say it: "12 min" under an hour, "3 h" under a day, then in business days. */
export function waitText(minutes: number, businessDays: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h`;
  return businessDays < 1 ? "less than a business day" : plural(businessDays, "business day");
}

/** "25 today against 20 yesterday (up 25%)": the change in words, as a count while the base is small. */
export function compare(current: number, previous: number, nowLabel: string, prevLabel: string): string {
  const head = `${current} ${nowLabel} against ${previous} ${prevLabel}`;
  if (current === previous) return `${head} (no change)`;
  const dir = current > previous ? "up" : "down";
  if (previous < PERCENT_BASE) return `${head} (${dir} ${Math.abs(current - previous)})`;
  return `${head} (${dir} ${Math.round((Math.abs(current - previous) / previous) * 100)}%)`;
}

/** The middle of the recent same weekdays: one unusual week does not set the normal. */
function usual(counts: number[]): number {
  const s = [...counts].sort((a, b) => a - b);
  if (!s.length) return 0;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** "busier than a usual Tuesday": today so far against the same weekdays by the same time. */
function againstUsual(today: number, counts: number[], weekday: string): string {
  const normal = usual(counts);
  const margin = Math.max(1, Math.round(normal * 0.2));
  const word =
    today > normal + margin ? "busier than" : today < normal - margin ? "quieter than" : "about as busy as";
  return `New tickets: ${today} so far today, ${word} a usual ${weekday} (${normal} by this time).`;
}

function attainmentLine({ met, due }: SummaryFigures["lastWeekFirstResponse"]): string | null {
  if (!due) return null;
  const pct = due >= PERCENT_BASE ? ` (${Math.round((met / due) * 100)}%)` : "";
  return `Last week's first responses: ${met} of ${due} within the service-level target${pct}.`;
}

function summaryLine(f: SummaryFigures): string {
  const waiting = f.open + f.inProgress;
  if (f.today === 0 && f.solvedToday === 0 && waiting === 0)
    return "No ticket activity yet today and nothing is waiting: the queue is clear.";
  const intake = f.today === 0 ? "No new tickets yet today" : `${plural(f.today, "new ticket")} today`;
  const solved = f.solvedToday === 0 ? "none solved yet" : `${f.solvedToday} solved`;
  return `${intake}, ${solved}. ${plural(f.open, "ticket is", "tickets are")} open and ${f.inProgress} in progress.`;
}

const describeOld = (t: OldTicket) =>
  `${t.ticketId} (${t.ticketType}, ${t.priority}) has waited ${waitText(t.ageMinutes, t.ageBusinessDays)}`;

function highlights(f: SummaryFigures): string[] {
  const out: string[] = [];
  if (f.busiestType)
    out.push(`Busiest type this week: ${f.busiestType.name} with ${plural(f.busiestType.count, "ticket")}.`);
  if (f.busiestDepartment)
    out.push(
      `Busiest department this week: ${f.busiestDepartment.name} with ${plural(f.busiestDepartment.count, "ticket")}.`,
    );
  // With one company behind every ticket, "busiest company" says nothing.
  if (f.busiestCompany && f.busiestCompany.count < f.last7Days)
    out.push(
      `Busiest company this week: ${f.busiestCompany.name} with ${plural(f.busiestCompany.count, "ticket")}.`,
    );
  if (f.oldestOpen.length) out.push(`Waiting longest: ${f.oldestOpen.map(describeOld).join("; ")}.`);
  if (f.urgentUnassigned)
    out.push(`${plural(f.urgentUnassigned, "urgent ticket has", "urgent tickets have")} no one assigned.`);
  if (!out.length) out.push("No open tickets and no new requests this week.");
  return out;
}

function trends(f: SummaryFigures): string[] {
  // A comparison of two zeros says nothing, so it is left out.
  const out = [
    (f.today || f.usualByNow.some(Boolean)) && againstUsual(f.today, f.usualByNow, f.weekday),
    (f.solvedToday || f.solvedYesterday) &&
      `Solved: ${compare(f.solvedToday, f.solvedYesterday, "today", "yesterday")}.`,
    (f.last7Days || f.previous7Days) &&
      `Last 7 days: ${compare(f.last7Days, f.previous7Days, "new tickets", "in the 7 days before")}.`,
    attainmentLine(f.lastWeekFirstResponse),
  ].filter((x): x is string => Boolean(x));
  return out.length ? out : ["No tickets in the last two weeks, so there is no trend yet."];
}

function recommendations(f: SummaryFigures): string[] {
  const out: string[] = [];
  const unassigned = [
    f.urgentUnassigned && plural(f.urgentUnassigned, "urgent ticket"),
    f.highUnassigned && plural(f.highUnassigned, "high-priority ticket"),
  ].filter(Boolean);
  if (unassigned.length) out.push(`Assign an owner to the ${unassigned.join(" and ")} nobody has picked up.`);
  if (f.breachedTargets) {
    const first = f.oldestOpen[0]?.ticketId ?? "the oldest";
    out.push(
      `${plural(f.breachedTargets, "open ticket is", "open tickets are")} past a service-level target; start with ${first}.`,
    );
  }
  if (f.dueSoonTargets)
    out.push(`${plural(f.dueSoonTargets, "ticket is", "tickets are")} close to a service-level target.`);
  if (f.today >= 3 && f.today >= 2 * Math.max(usual(f.usualByNow), 1) && f.busiestDepartment)
    out.push(
      `Intake is well above a usual ${f.weekday}; consider extra cover for ${f.busiestDepartment.name}.`,
    );
  if (f.inProgress > 0 && f.solvedToday === 0)
    out.push(
      `${plural(f.inProgress, "ticket is", "tickets are")} in progress with none solved today; check whether any is blocked.`,
    );
  if (!out.length) out.push("All caught up: nothing needs attention right now.");
  return out;
}

/** The summary written from the figures alone: informative on a fresh install, no provider needed. */
export function builtInSummary(f: SummaryFigures): SummaryBody {
  return {
    summary: summaryLine(f),
    highlights: highlights(f),
    trends: trends(f),
    recommendations: recommendations(f),
  };
}
