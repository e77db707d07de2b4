import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { resetPassword } from "../lib/queries/recovery";
import { resetPasswordSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { Input, Label } from "../../src/ui/Input";

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
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}{" "}
          <a href="/forgot-password" className="underline">
            Ask for a new link
          </a>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reset-password">New password</Label>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reset-confirm">Confirm new password</Label>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
