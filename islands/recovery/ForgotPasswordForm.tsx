import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { forgotPassword } from "../lib/queries/recovery";
import { forgotPasswordSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** Asks for a reset link; the answer is the same whether the e-mail has an account or not. */
export function ForgotPasswordForm() {
  const { t, message } = useI18n();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const ask = useApiMutation(forgotPassword, {
    onSuccess: (r) => setSent(message(r.message)),
    onError: (err) => setError(message(serverMessage(err, t("recovery.sendFailed")))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success)
      return setError(message(parsed.error.issues[0]?.message ?? t("recovery.enterEmail")));
    setError(null);
    ask.mutate(parsed.data);
  };
  if (sent)
    return (
      <p role="status" className="text-sm text-gray-700">
        {sent}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && <FormAlert>{error}</FormAlert>}
      <p className="text-sm text-gray-600">{t("recovery.intro")}</p>
      <TextField
        id="forgot-email"
        label={t("login.email")}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" disabled={ask.isPending} className="w-full">
        {ask.isPending ? t("recovery.sending") : t("recovery.send")}
      </Button>
    </form>
  );
}
