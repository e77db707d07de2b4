import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { disableTwoFactor } from "../lib/queries/two-factor";
import { useToast } from "../lib/toast";
import { disableTwoFactorSchema } from "../../src/shared/schemas/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";

/** Turning two-factor sign-in off takes the password and a current code (or a recovery code). */
export function TwoFactorDisable() {
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const disable = useApiMutation(disableTwoFactor, {
    onSuccess: () => toast({ title: "Two-factor sign-in is off" }),
    onError: (err) => setError(serverMessage(err, "Could not turn it off. Please try again.")),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = disableTwoFactorSchema.safeParse({ password, code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the fields");
    setError(null);
    disable.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="font-medium text-gray-900">Turn off two-factor sign-in</h2>
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        id="disable-password"
        label="Password"
        className="max-w-xs"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        id="disable-code"
        label="Code from the app or a recovery code"
        className="max-w-xs"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={disable.isPending}>
        Turn off
      </Button>
    </form>
  );
}
