import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { confirmEnrolment, startEnrolment, type Enrolment } from "../lib/queries/two-factor";
import { confirmTwoFactorSchema } from "../../src/shared/schemas/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert, TextField } from "../../src/ui/FormField";

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
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const start = useApiMutation(startEnrolment, {
    onSuccess: onStarted,
    onError: (err) => setError(serverMessage(err, "Could not start. Please try again.")),
  });
  const confirm = useApiMutation(confirmEnrolment, {
    onSuccess: (r) => onConfirmed(r.recoveryCodes),
    onError: (err) => setError(serverMessage(err, "Could not turn it on. Please try again.")),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = confirmTwoFactorSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the code");
    setError(null);
    confirm.mutate(parsed.data);
  };
  const alert = error && <FormAlert>{error}</FormAlert>;
  if (!enrolment)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          Two-factor sign-in asks for a code from an authenticator app on your phone after your password, so a
          stolen password alone cannot open your account.
        </p>
        {alert}
        <Button className="self-start" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? "Preparing..." : "Set up two-factor sign-in"}
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit
        code the app shows.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code to add Helpdesk to your authenticator app"
        width={200}
        height={200}
        className="h-[200px] w-[200px] rounded border border-gray-200"
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-gray-900">Key</span>
        <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm">
          {enrolment.secret}
        </code>
      </div>
      {alert}
      <TextField
        id="enrol-code"
        label="Code from the app"
        className="max-w-xs"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" className="self-start" disabled={confirm.isPending}>
        {confirm.isPending ? "Checking..." : "Turn on"}
      </Button>
    </form>
  );
}
