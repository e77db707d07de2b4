import { useState } from "react";
import { useTwoFactorStatus, type Enrolment } from "../lib/queries/two-factor";
import { Spinner } from "../../src/ui/Spinner";
import { TwoFactorEnrol } from "./TwoFactorEnrol";
import { TwoFactorDisable } from "./TwoFactorDisable";
import { RecoveryCodes } from "./RecoveryCodes";
import { NewRecoveryCodes } from "./NewRecoveryCodes";
import { useI18n } from "../../src/i18n/react";

/** Two-factor sign-in on the profile: set up (QR code, confirm), the recovery codes once, turn off. */
export function TwoFactorSettings() {
  const { t } = useI18n();
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (status.isPending) return <Spinner label={t("profile.loading")} />;
  if (status.isError || !status.data)
    return <p className="text-sm text-red-700">{t("profile.2fa.loadFailed")}</p>;
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
        {t("profile.2fa.on", { left: recoveryCodesLeft })}
      </div>
      <NewRecoveryCodes onMade={setCodes} />
      {required ? <p className="text-sm text-gray-700">{t("profile.2fa.required")}</p> : <TwoFactorDisable />}
    </div>
  );
}
