import { format } from "date-fns";
import type { AuditLogDto } from "../../../src/shared/dto";

/** Audit timestamp: month/day/year hh:mm:ss AM/PM. */
export const auditTime = (iso: string) => format(new Date(iso), "MM/dd/yyyy hh:mm:ss a");

/** 'System' without a user id, else full name, else e-mail, else 'User {id}'. */
export function auditUser(log: Pick<AuditLogDto, "userId" | "userFirstName" | "userLastName" | "userEmail">) {
  if (log.userId == null) return "System";
  const name = [log.userFirstName, log.userLastName].filter(Boolean).join(" ");
  return name || log.userEmail || `User ${log.userId}`;
}

export type Changes =
  | { kind: "created" }
  | { kind: "deleted" }
  | { kind: "none" }
  | { kind: "absent" }
  | { kind: "lines"; lines: string[] };

const parse = (v: unknown): { ok: boolean; value: unknown } => {
  if (v === null || v === undefined || v === "") return { ok: true, value: null };
  if (typeof v !== "string") return { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false, value: null };
  }
};
const show = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);

/** Changes column: 'Created', 'Deleted', 'field: old → new' lines, 'No changes', or '-' when absent/unparsable. */
export function auditChanges(oldValue: unknown, newValue: unknown): Changes {
  const o = parse(oldValue);
  const n = parse(newValue);
  if (!o.ok || !n.ok) return { kind: "absent" };
  if (o.value == null && n.value == null) return { kind: "absent" };
  if (o.value == null) return { kind: "created" };
  if (n.value == null) return { kind: "deleted" };
  if (typeof o.value !== "object" || typeof n.value !== "object")
    return o.value === n.value
      ? { kind: "none" }
      : { kind: "lines", lines: [`value: ${show(o.value)} → ${show(n.value)}`] };
  const a = o.value as Record<string, unknown>;
  const b = n.value as Record<string, unknown>;
  const lines = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${k}: ${show(a[k])} → ${show(b[k])}`);
  return lines.length ? { kind: "lines", lines } : { kind: "none" };
}

/** 'Showing X to Y of Z logs' and the page count of the audit pager. */
export function pagerText(page: number, limit: number, total: number) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return {
    showing: `Showing ${from} to ${to} of ${total} logs`,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}
