/** The quick views every staff member has; their filters use the same keys as saved views. */
export const BUILTIN_VIEWS = [
  { id: "mine", name: "My tickets", filters: { assignedTo: "me", status: "open,in_progress" } },
  { id: "unassigned", name: "Unassigned", filters: { assignedTo: "none", status: "open,in_progress" } },
  { id: "open-high-urgent", name: "Open high/urgent", filters: { status: "open", priority: "high,urgent" } },
  { id: "all-open", name: "All open", filters: { status: "open" } },
  { id: "breaching-soon", name: "Breaching soon", filters: { due: "due_soon" } },
] as const;
