import { useState } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { regenerateRecoveryCodes } from "../lib/queries/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

/** Ten new recovery codes; the old ones stop working at once. */
export function NewRecoveryCodes({ onMade }: { onMade: (codes: string[]) => void }) {
  const { t, message } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const make = useApiMutation(regenerateRecoveryCodes, {
    onSuccess: (r) => onMade(r.recoveryCodes),
    onError: (err) => setError(message(serverMessage(err, t("profile.2fa.newCodesFailed")))),
  });
  return (
    <div className="flex flex-col gap-2">
      {error && <FormAlert>{error}</FormAlert>}
      <p className="text-sm text-gray-700">{t("profile.2fa.newCodesHint")}</p>
      <Button
        variant="outline"
        className="self-start"
        disabled={make.isPending}
        onClick={() => {
          setError(null);
          make.mutate();
        }}
      >
        {make.isPending ? t("profile.2fa.making") : t("profile.2fa.makeCodes")}
      </Button>
    </div>
  );
}
