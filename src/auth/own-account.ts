import type { Actor } from "../audit/audit.service";
import { forbidden } from "../errors/domain-error";

/**
 * Admin tools for someone else's sign-in are never for one's own account: that path skips the checks
 * the profile asks for (current password, a code), so a stolen admin session could take itself over.
 */
export function assertNotOwnAccount(actor: Actor, userId: number) {
  if (actor.userId === userId)
    throw forbidden("This is your own account. Change your password or two-factor sign-in on your profile.");
}
