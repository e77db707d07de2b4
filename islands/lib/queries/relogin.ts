import { RELOGIN_DELAY_MS } from "../../../src/shared/constants";
import type { ToastInput } from "../toast";
import type { Translator } from "../../../src/i18n/translator";

/** A staff write answered 401: the session has ended, so say so and go to the login page shortly after. */
export function relogin(toast: (t: ToastInput) => void, t: Translator["t"]) {
  toast({ title: t("access.loggedOut"), variant: "destructive" });
  setTimeout(() => window.location.assign("/login"), RELOGIN_DELAY_MS);
}
