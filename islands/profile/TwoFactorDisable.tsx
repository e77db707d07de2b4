import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { disableTwoFactor } from "../lib/queries/two-factor";
import { useToast } from "../lib/toast";
import { disableTwoFactorSchema } from "../../src/shared/schemas/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** Turning two-factor sign-in off takes the password and a current code (or a recovery code). */
export function TwoFactorDisable() {
  const { t, message } = useI18n();
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const disable = useApiMutation(disableTwoFactor, {
    onSuccess: () => toast({ title: t("profile.2fa.off") }),
    onError: (err) => setError(message(serverMessage(err, t("profile.2fa.offFailed")))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = disableTwoFactorSchema.safeParse({ password, code });
    if (!parsed.success)
      return setError(message(parsed.error.issues[0]?.message ?? t("profile.2fa.checkFields")));
    setError(null);
    disable.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="font-medium text-gray-900">{t("profile.2fa.turnOffTitle")}</h2>
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        id="disable-password"
        label={t("profile.2fa.password")}
        className="max-w-xs"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        id="disable-code"
        label={t("profile.2fa.codeOrRecovery")}
        className="max-w-xs"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={disable.isPending}>
        {t("profile.2fa.turnOff")}
      </Button>
    </form>
  );
}
