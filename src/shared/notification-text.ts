import type { Translator } from "../i18n/translator";

/** Mirrors the stored kinds; a kind added there and not here fails the type check where notifications are written. */
export type NotificationKind =
  | "assigned"
  | "mentioned"
  | "requester_replied"
  | "due_soon"
  | "breached"
  | "new_ticket";

/** One line saying what happened, the same in the bell and in the e-mail, in the reader's language. */
export function describeNotification(
  t: Translator["t"],
  n: { kind: NotificationKind; actorName: string | null },
): string {
  const name = n.actorName;
  switch (n.kind) {
    case "assigned":
      return name ? t("notify.assignedBy", { name }) : t("notify.assigned");
    case "mentioned":
      return name ? t("notify.mentionedBy", { name }) : t("notify.mentioned");
    case "requester_replied":
      return t("notify.requesterReplied");
    case "due_soon":
      return t("notify.dueSoon");
    case "breached":
      return t("notify.breached");
    case "new_ticket":
      return t("notify.newTicket");
  }
}
