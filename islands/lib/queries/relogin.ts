import { RELOGIN_DELAY_MS } from "../../../src/shared/constants";
import type { ToastInput } from "../toast";

/** A staff write answered 401: the session has ended, so say so and go to the login page shortly after. */
export function relogin(toast: (t: ToastInput) => void) {
  toast({ title: "You are logged out. Logging in again...", variant: "destructive" });
  setTimeout(() => window.location.assign("/login"), RELOGIN_DELAY_MS);
}
