import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { resetPassword } from "../lib/queries/recovery";
import { resetPasswordSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";

/** The page a reset link opens: a new password, then straight into the dashboard. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useApiMutation(resetPassword, {
    // with two-factor sign-in on, the new password is set and the code is asked for at sign-in
    onSuccess: (r) => window.location.assign("twoFactorRequired" in r ? "/login" : "/admin"),
    onError: (err) => setError(serverMessage(err, "Could not reset the password. Please try again.")),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, newPassword });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the password");
    if (newPassword !== confirm) return setError("New passwords do not match");
    setError(null);
    reset.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && (
        <FormAlert>
          {error}{" "}
          <a href="/forgot-password" className="underline">
            Ask for a new link
          </a>
        </FormAlert>
      )}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <TextField
        id="reset-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
