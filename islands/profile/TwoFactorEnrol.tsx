import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { confirmEnrolment, startEnrolment, type Enrolment } from "../lib/queries/two-factor";
import { confirmTwoFactorSchema } from "../../src/shared/schemas/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** Setting up: a new key as a QR code and as text, then a current code from the app turns it on. */
export function TwoFactorEnrol({
  enrolment,
  onStarted,
  onConfirmed,
}: {
  enrolment: Enrolment | null;
  onStarted: (e: Enrolment) => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const { t, message } = useI18n();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const start = useApiMutation(startEnrolment, {
    onSuccess: onStarted,
    onError: (err) => setError(message(serverMessage(err, t("profile.2fa.startFailed")))),
  });
  const confirm = useApiMutation(confirmEnrolment, {
    onSuccess: (r) => onConfirmed(r.recoveryCodes),
    onError: (err) => setError(message(serverMessage(err, t("profile.2fa.onFailed")))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = confirmTwoFactorSchema.safeParse({ code });
    if (!parsed.success)
      return setError(message(parsed.error.issues[0]?.message ?? t("profile.2fa.checkCode")));
    setError(null);
    confirm.mutate(parsed.data);
  };
  const alert = error && <FormAlert>{error}</FormAlert>;
  if (!enrolment)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">{t("profile.2fa.intro")}</p>
        {alert}
        <Button className="self-start" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? t("profile.2fa.preparing") : t("profile.2fa.setUp")}
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{t("profile.2fa.scan")}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t("profile.2fa.qr")}
        width={200}
        height={200}
        className="h-[200px] w-[200px] rounded border border-gray-200"
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-gray-900">{t("profile.2fa.key")}</span>
        <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm">
          {enrolment.secret}
        </code>
      </div>
      {alert}
      <TextField
        id="enrol-code"
        label={t("profile.2fa.code")}
        className="max-w-xs"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" className="self-start" disabled={confirm.isPending}>
        {confirm.isPending ? t("profile.2fa.checking") : t("profile.2fa.turnOn")}
      </Button>
    </form>
  );
}
