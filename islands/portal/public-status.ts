import type { PublicTicketDto } from "../../src/shared/dto";

/** Public status labels are Open, In Progress and Completed only; a burnt ticket reads as closed work. */
export function publicStatus(status: string): { label: string; color: string } {
  if (status === "in_progress") return { label: "In Progress", color: "yellow" };
  if (status === "completed" || status === "burnt") return { label: "Completed", color: "green" };
  return { label: "Open", color: "blue" };
}

/** The public timeline: created always; In Progress / Completed only in that status and with its time. */
export function publicTimeline(t: PublicTicketDto): { label: string; at: string }[] {
  const steps = [{ label: "Ticket Created", at: t.createdAt }];
  if (t.status === "in_progress" && t.processedAt) steps.push({ label: "In Progress", at: t.processedAt });
  if (t.status === "completed" && t.completedAt) steps.push({ label: "Completed", at: t.completedAt });
  return steps;
}
