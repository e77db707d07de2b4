import { format } from "date-fns";
import type { AuditLogDto } from "../../../src/shared/dto";

/** Audit timestamp: month/day/year hh:mm:ss AM/PM. */
export const auditTime = (iso: string) => format(new Date(iso), "MM/dd/yyyy hh:mm:ss a");

/** Who acted: full name, else e-mail, else null (the panel then says 'System' or 'User {id}'). */
export function auditUserName(log: Pick<AuditLogDto, "userFirstName" | "userLastName" | "userEmail">) {
  const name = [log.userFirstName, log.userLastName].filter(Boolean).join(" ");
  return name || log.userEmail || null;
}

export type Changes =
  | { kind: "created" }
  | { kind: "deleted" }
  | { kind: "none" }
  | { kind: "absent" }
  | { kind: "lines"; lines: ChangeLine[] };

/** One changed field: its stored name and both values as shown. */
type ChangeLine = { field: string; from: string; to: string };

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

/** Changes column: created, deleted, changed fields ('field: old → new'), none, or absent/unparsable. */
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
      : { kind: "lines", lines: [{ field: "value", from: show(o.value), to: show(n.value) }] };
  const a = o.value as Record<string, unknown>;
  const b = n.value as Record<string, unknown>;
  const lines = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, from: show(a[k]), to: show(b[k]) }));
  return lines.length ? { kind: "lines", lines } : { kind: "none" };
}

/** The rows a page of the audit pager shows ('Showing X to Y of Z logs') and its page count. */
export function pagerRange(page: number, limit: number, total: number) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  return { from, to: Math.min(page * limit, total), total, pages: Math.max(1, Math.ceil(total / limit)) };
}
