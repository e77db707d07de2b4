import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { submitSecondFactor } from "../lib/queries/two-factor";
import type { AuthUser } from "../../src/shared/dto";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** After a right password: the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: AuthUser) => void;
  onRestart: () => void;
}) {
  const { t, message } = useI18n();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useApiMutation(submitSecondFactor, {
    onSuccess: onSignedIn,
    onError: (err) => {
      setError(message(serverMessage(err, t("login.codeFailed"))));
      setCode("");
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(recovery ? t("login.enterRecovery") : t("login.enterCode"));
    setError(null);
    verify.mutate({ challenge, code: code.trim() });
  };
  const label = recovery ? t("login.recoveryCode") : t("login.authCode");
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{recovery ? t("login.recoveryHelp") : t("login.codeHelp")}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        id="login-code"
        label={label}
        name="code"
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" disabled={verify.isPending} className="w-full">
        {verify.isPending ? t("login.verifying") : t("login.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-blue-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
            setError(null);
          }}
        >
          {recovery ? t("login.useApp") : t("login.useRecovery")}
        </button>
        <button type="button" className="text-blue-700 hover:underline" onClick={onRestart}>
          {t("login.restart")}
        </button>
      </div>
    </form>
  );
}
