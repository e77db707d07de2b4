import { createSmtpSender, type Sender } from "./smtp";
import type { SmtpTarget } from "../settings/mail-transport";

type Current = { target: string | SmtpTarget; from: string } | null;

/**
 * The sender for the mail settings of the moment: asked on every pass, it keeps one transport while the
 * settings stay the same and opens a new one when an administrator changes them, with no restart.
 */
export function liveSender(current: () => Current): { get: () => Sender | null; close: () => void } {
  let held: { key: string; sender: Sender } | undefined;
  return {
    get() {
      const now = current();
      if (!now) return null;
      const key = JSON.stringify(now);
      if (held?.key !== key) {
        held?.sender.close();
        held = { key, sender: createSmtpSender(now.target, now.from) };
      }
      return held.sender;
    },
    close: () => held?.sender.close(),
  };
}
