import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
} from "react";
import { ApiError, api, serverMessage } from "./api";
import { confirmPasswordSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { Dialog } from "../../src/ui/Dialog";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** The server's answer when an account-security action needs the password re-entered first. */
export const needsPassword = (err: unknown) =>
  err instanceof ApiError && err.data?.code === "reauth_required";

/** Opens the password dialog; resolves true once the password is confirmed, false when dismissed. */
type Ask = () => Promise<boolean>;
const ReauthContext = createContext<Ask | null>(null);

/** The one "Confirm your password" dialog of an island; writes that need it ask through `useReauth`. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const close = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };
  return (
    <ReauthContext.Provider value={ask}>
      {children}
      {open && <ConfirmPasswordDialog onDone={close} />}
    </ReauthContext.Provider>
  );
}

export const useReauth = () => useContext(ReauthContext);

function ConfirmPasswordDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { t, message } = useI18n();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = confirmPasswordSchema.safeParse({ password });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? "Password is required"));
    setPending(true);
    try {
      await api.post("/api/auth/confirm-password", parsed.data);
      onDone(true);
    } catch (err) {
      setError(message(serverMessage(err, t("access.reauth.failed"))));
      setPending(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone(false)}
      title={t("access.reauth.title")}
      description={t("access.reauth.text")}
      className="max-w-sm"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          id="reauth-password"
          label={t("access.reauth.password")}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={() => onDone(false)}>
            {t("ui.cancel")}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t("access.reauth.confirming") : t("access.reauth.confirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
