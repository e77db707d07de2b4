/** The Reports page's figures as the API sends them; durations are in minutes. */
export type VolumeRow = { period: string; created: number; resolved: number; backlog: number };

export type TimeSummary = {
  n: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  medianBusinessMinutes: number | null;
  p90BusinessMinutes: number | null;
};
export type TimeRow = { key: string; firstResponse: TimeSummary; resolution: TimeSummary };
export type TimesReport = {
  overall: TimeRow;
  byPriority: TimeRow[];
  byType: TimeRow[];
  byDepartment: TimeRow[];
  byAgent: TimeRow[];
};

export type Attainment = { met: number; missed: number; percent: number | null };
export type AttainmentRow = { key: string; firstResponse: Attainment; resolution: Attainment };
export type Breach = {
  id: number;
  ticketId: string;
  clock: "firstResponse" | "resolution";
  priority: string;
  department: string;
  agent: string | null;
  dueAt: string;
  /** When the clock stopped; null while it still runs past its due time. */
  stoppedAt: string | null;
};
export type AttainmentReport = {
  overall: AttainmentRow;
  byPriority: AttainmentRow[];
  byDepartment: AttainmentRow[];
  breaches: Breach[];
  breachCount: number;
};

export type AgentRow = {
  agent: string;
  name: string;
  assigned: number;
  resolved: number;
  openNow: number;
  medianFirstResponseMinutes: number | null;
  medianFirstResponseBusinessMinutes: number | null;
  reopened: number;
};

/** Tickets created per weekday (0 = Sunday) and local hour. */
export type BusiestReport = { counts: number[][] };

export type TopReport = {
  companies: { company: string; tickets: number }[];
  requesters: { email: string; name: string; tickets: number }[];
};

/** Minutes recorded on replies and notes in the range: by author, by the ticket's company and type. */
export type TimeSpentRow = { key: string; name: string; minutes: number; entries: number };
export type TimeSpentReport = {
  totalMinutes: number;
  byAgent: TimeSpentRow[];
  byCompany: TimeSpentRow[];
  byType: TimeSpentRow[];
};

export type ReportShapes = {
  volume: VolumeRow[];
  times: TimesReport;
  "service-levels": AttainmentReport;
  agents: AgentRow[];
  busiest: BusiestReport;
  top: TopReport;
  "time-spent": TimeSpentReport;
};
