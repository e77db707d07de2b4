import type { AiSummaryDto } from "../shared/dto";
import type { OldTicket, SummaryFigures } from "./summary.figures";

export type SummaryBody = Pick<AiSummaryDto, "summary" | "highlights" | "trends" | "recommendations">;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A wait as people say it: "12 min" under an hour, "3 h" under a day, then "2 days". */
export function waitText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h`;
  return plural(Math.floor(minutes / (24 * 60)), "day");
}

/** "5 today against 4 yesterday (up 25%)": the change in words, safe when the base is zero. */
export function compare(current: number, previous: number, nowLabel: string, prevLabel: string): string {
  const head = `${current} ${nowLabel} against ${previous} ${prevLabel}`;
  if (current === previous) return `${head} (no change)`;
  if (previous === 0) return `${head} (up ${current})`;
  const pct = Math.round((Math.abs(current - previous) / previous) * 100);
  return `${head} (${current > previous ? "up" : "down"} ${pct}%)`;
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
  `${t.ticketId} (${t.ticketType}, ${t.priority}) has waited ${waitText(t.ageMinutes)}`;

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
    (f.today || f.yesterday) && `New tickets: ${compare(f.today, f.yesterday, "today", "yesterday")}.`,
    (f.solvedToday || f.solvedYesterday) &&
      `Solved: ${compare(f.solvedToday, f.solvedYesterday, "today", "yesterday")}.`,
    (f.last7Days || f.previous7Days) &&
      `Last 7 days: ${compare(f.last7Days, f.previous7Days, "new tickets", "in the 7 days before")}.`,
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
  if (f.today >= 3 && f.today >= 2 * Math.max(f.yesterday, 1) && f.busiestDepartment)
    out.push(`Intake is well above yesterday; consider extra cover for ${f.busiestDepartment.name}.`);
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
