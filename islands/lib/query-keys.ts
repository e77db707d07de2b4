/** The one registry of TanStack Query keys; mutations invalidate by these prefixes. */
export const queryKeys = {
  authUser: ["auth", "user"] as const,
  publicConfig: (kind: string) => ["public-config", kind] as const,
  tickets: {
    all: ["tickets"] as const,
    list: (filters: Record<string, unknown>) => ["tickets", "list", filters] as const,
    pages: (filters: Record<string, unknown>) => ["tickets", "pages", filters] as const,
    byPublicId: (ticketId: string) => ["tickets", "by-ticket-id", ticketId] as const,
    // under "tickets": every ticket change refreshes the view counts too
    views: ["tickets", "views"] as const,
    breakdown: (filters: Record<string, unknown>) => ["tickets", "breakdown", filters] as const,
    stats: ["tickets", "stats"] as const,
    today: ["tickets", "today"] as const,
    detail: (id: number) => ["tickets", "detail", id] as const,
    notes: (id: number) => ["tickets", "notes", id] as const,
    attachments: (id: number) => ["tickets", "attachments", id] as const,
  },
  users: ["users"] as const,
  assignees: ["users", "assignable"] as const,
  config: (kind: string) => ["config", kind] as const,
  auditLogs: (params: Record<string, unknown>) => ["audit-logs", params] as const,
  emailRouting: ["config", "email-routing"] as const,
  outbox: ["config", "email-routing", "outbox"] as const,
  mailSettings: ["mail", "settings"] as const,
  mailHealth: ["mail", "health"] as const,
  weather: ["weather"] as const,
  aiSummary: ["ai-summary"] as const,
};
