import type { ReportKind } from "../shared/schemas/reports";
import { csvRows } from "../tickets/csv";
import type {
  AgentRow,
  AttainmentReport,
  AttainmentRow,
  BusiestReport,
  TimeRow,
  TimesReport,
  TimeSpentReport,
  TopReport,
  VolumeRow,
} from "../shared/report-shapes";

const num = (v: number | null) => (v === null ? "" : String(Math.round(v * 100) / 100));
const hours = (minutes: number | null) => (minutes === null ? "" : num(minutes / 60));

function times(r: TimesReport): string[][] {
  const line = (dim: string, t: TimeRow) => [
    dim,
    t.key,
    ...[t.firstResponse, t.resolution].flatMap((s) => [
      String(s.n),
      hours(s.medianMinutes),
      hours(s.p90Minutes),
      hours(s.medianBusinessMinutes),
      hours(s.p90BusinessMinutes),
    ]),
  ];
  const cols = ["tickets", "median hours", "p90 hours", "median business hours", "p90 business hours"];
  return [
    ["by", "value", ...cols.map((c) => `first response ${c}`), ...cols.map((c) => `resolution ${c}`)],
    line("all", r.overall),
    ...r.byPriority.map((t) => line("priority", t)),
    ...r.byType.map((t) => line("type", t)),
    ...r.byDepartment.map((t) => line("department", t)),
    ...r.byAgent.map((t) => line("agent", t)),
  ];
}

function attainment(r: AttainmentReport): string[][] {
  const line = (dim: string, a: AttainmentRow) => [
    dim,
    a.key,
    ...[a.firstResponse, a.resolution].flatMap((x) => [String(x.met), String(x.missed), num(x.percent)]),
  ];
  return [
    [
      "by",
      "value",
      "first response met",
      "first response missed",
      "first response %",
      "resolution met",
      "resolution missed",
      "resolution %",
    ],
    line("all", r.overall),
    ...r.byPriority.map((a) => line("priority", a)),
    ...r.byDepartment.map((a) => line("department", a)),
  ];
}

function timeSpent(r: TimeSpentReport): string[][] {
  const line = (dim: string, row: { name: string; minutes: number; entries: number }) => [
    dim,
    row.name,
    String(row.minutes),
    hours(row.minutes),
    String(row.entries),
  ];
  return [
    ["by", "value", "minutes", "hours", "entries"],
    line("all", { name: "", minutes: r.totalMinutes, entries: r.byAgent.reduce((n, a) => n + a.entries, 0) }),
    ...r.byAgent.map((a) => line("agent", a)),
    ...r.byCompany.map((a) => line("company", a)),
    ...r.byType.map((a) => line("type", a)),
  ];
}

/** Each figure's table as CSV, with hours where the JSON gives minutes. */
const REPORT_CSV: Record<ReportKind, (value: never) => string[][]> = {
  volume: (rows: VolumeRow[]) => [
    ["period", "created", "resolved", "open backlog"],
    ...rows.map((r) => [r.period, String(r.created), String(r.resolved), String(r.backlog)]),
  ],
  times,
  "service-levels": attainment,
  agents: (rows: AgentRow[]) => [
    [
      "agent",
      "assigned",
      "resolved",
      "open now",
      "median first response hours",
      "median first response business hours",
      "reopened",
    ],
    ...rows.map((a) => [
      a.name,
      String(a.assigned),
      String(a.resolved),
      String(a.openNow),
      hours(a.medianFirstResponseMinutes),
      hours(a.medianFirstResponseBusinessMinutes),
      String(a.reopened),
    ]),
  ],
  busiest: (r: BusiestReport) => [
    ["weekday", ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`)],
    ...r.counts.map((row, d) => [["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d]!, ...row.map(String)]),
  ],
  top: (r: TopReport) => [
    ["kind", "name", "e-mail", "tickets"],
    ...r.companies.map((c) => ["company", c.company, "", String(c.tickets)]),
    ...r.requesters.map((q) => ["requester", q.name, q.email, String(q.tickets)]),
  ],
  "time-spent": timeSpent,
};

export const reportCsv = (kind: ReportKind, value: unknown) => csvRows(REPORT_CSV[kind](value as never));
