import { useEffect, useState } from "react";

const keyOf = (ticketId: number) => `helpdesk.draft.${ticketId}`;

/** The composer's text for one ticket, kept in this tab's session so a reload or a detour keeps it. */
export function useDraft(ticketId: number): [string, (text: string) => void] {
  const [text, setText] = useState("");
  useEffect(() => setText(sessionStorage.getItem(keyOf(ticketId)) ?? ""), [ticketId]);
  const set = (next: string) => {
    setText(next);
    if (next) sessionStorage.setItem(keyOf(ticketId), next);
    else sessionStorage.removeItem(keyOf(ticketId));
  };
  return [text, set];
}
