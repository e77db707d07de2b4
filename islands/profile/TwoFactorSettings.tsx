import { useState } from "react";
import { useTwoFactorStatus, type Enrolment } from "../lib/queries/two-factor";
import { Spinner } from "../../src/ui/Spinner";
import { TwoFactorEnrol } from "./TwoFactorEnrol";
import { TwoFactorDisable } from "./TwoFactorDisable";
import { RecoveryCodes } from "./RecoveryCodes";
import { NewRecoveryCodes } from "./NewRecoveryCodes";

/** Two-factor sign-in on the profile: set up (QR code, confirm), the recovery codes once, turn off. */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.isPending) return <Spinner label="Loading..." />;
  if (status.isError || !status.data)
    return <p className="text-sm text-red-700">Could not load two-factor sign-in. Please reload the page.</p>;
  const { enabled, recoveryCodesLeft, required } = status.data;
  if (!enabled)
    return (
      <TwoFactorEnrol
        enrolment={enrolment}
        onStarted={setEnrolment}
        onConfirmed={(c) => {
          setEnrolment(null);
          setCodes(c);
        }}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
      >
        Two-factor sign-in is on. {recoveryCodesLeft} of 10 recovery codes left.
      </div>
      <NewRecoveryCodes onMade={setCodes} />
      {required ? (
        <p className="text-sm text-gray-700">
          Your administrator requires two-factor sign-in, so it cannot be turned off. If you lose your
          authenticator app and your recovery codes, ask an administrator to reset it.
        </p>
      ) : (
        <TwoFactorDisable />
      )}
    </div>
  );
}
