/** Mirrors the stored kinds; a kind added there and not here fails the type check where notifications are written. */
export type NotificationKind =
  | "assigned"
  | "mentioned"
  | "requester_replied"
  | "due_soon"
  | "breached"
  | "new_ticket";

const by = (name: string | null) => (name ? ` by ${name}` : "");

/** One line saying what happened, the same in the bell and in the e-mail. */
export function describeNotification(n: { kind: NotificationKind; actorName: string | null }): string {
  switch (n.kind) {
    case "assigned":
      return `Assigned to you${by(n.actorName)}`;
    case "mentioned":
      return `You were mentioned${by(n.actorName)}`;
    case "requester_replied":
      return "The requester replied";
    case "due_soon":
      return "About to miss its target";
    case "breached":
      return "Missed its target";
    case "new_ticket":
      return "New ticket in your departments";
  }
}
