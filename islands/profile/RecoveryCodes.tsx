import { Button } from "../../src/ui/Button";
import { useI18n } from "../../src/i18n/react";

/** The ten recovery codes, shown this once; only their hashes are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
      >
        {t("profile.2fa.codesSaved")}
      </div>
      <ul
        aria-label={t("profile.2fa.codes")}
        className="grid grid-cols-1 gap-2 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c} className="rounded border border-gray-200 bg-gray-50 px-3 py-1.5">
            {c}
          </li>
        ))}
      </ul>
      <Button onClick={onDone} className="self-start">
        {t("profile.2fa.savedCodes")}
      </Button>
    </div>
  );
}
