import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { resetPassword } from "../lib/queries/recovery";
import { resetPasswordSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** The page a reset link opens: a new password, then straight into the dashboard. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t, message } = useI18n();
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useApiMutation(resetPassword, {
    // with two-factor sign-in on, the new password is set and the code is asked for at sign-in
    onSuccess: (r) => window.location.assign("twoFactorRequired" in r ? "/login" : "/admin"),
    onError: (err) => setError(message(serverMessage(err, t("recovery.resetFailed")))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, newPassword });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? t("recovery.check")));
    if (newPassword !== confirm) return setError(t("recovery.mismatch"));
    setError(null);
    reset.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && (
        <FormAlert>
          {error}{" "}
          <a href="/forgot-password" className="underline">
            {t("recovery.askNew")}
          </a>
        </FormAlert>
      )}
      <TextField
        id="reset-password"
        label={t("recovery.new")}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <TextField
        id="reset-confirm"
        label={t("recovery.confirm")}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? t("recovery.saving") : t("recovery.set")}
      </Button>
    </form>
  );
}
