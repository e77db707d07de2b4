/** What a staff member did to a ticket, as far as the first-response clock cares. */
export type StaffAction =
  | { kind: "note"; internal: boolean }
  | { kind: "email_reply" }
  | { kind: "status"; from: string; to: string };

/** The requester sees a public note or an e-mail reply, and a ticket leaving Open is being worked. */
export function stopsFirstResponse(action: StaffAction): boolean {
  if (action.kind === "note") return !action.internal;
  if (action.kind === "email_reply") return true;
  return action.from === "open" && action.to !== "open";
}

/** The first-response time after an action: the first stop wins and later actions never move it. */
export function respondedAt(current: Date | null, action: StaffAction, at: Date): Date | null {
  if (current) return current;
  return stopsFirstResponse(action) ? at : null;
}
