import type { StaffKey } from "../../src/i18n/staff/en";
import { useEffect, useRef } from "react";

export const SHORTCUTS: [keys: string[], what: StaffKey][] = [
  [["/"], "shortcut.search"],
  [["j"], "shortcut.next"],
  [["k"], "shortcut.previous"],
  [["Enter", "o"], "shortcut.open"],
  [["Esc"], "shortcut.close"],
  [["a"], "shortcut.assign"],
  [["n"], "queue2.newTicket"],
  [["?"], "shortcut.help"],
];

/** Fields where a key is text, not a command. */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.closest("[role=dialog]") !== null);

/** Single-key commands on the page; none fires while a field or a dialog has the focus. */
export function useShortcuts(handlers: Record<string, () => void>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target)) return;
      // Enter on a button or link is that control's own click
      if (e.key === "Enter" && e.target instanceof HTMLElement && e.target.closest("button,a,[role=button]"))
        return;
      const run = latest.current[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}
