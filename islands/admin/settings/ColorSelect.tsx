import { PALETTE_COLORS } from "../../../src/shared/constants";
import { useI18n } from "../../../src/i18n/react";
import { NativeSelect } from "../../../src/ui/Input";

/** The badge palette; the server derives the light background and dark text. */
export function ColorSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (c: string) => void;
}) {
  const { t } = useI18n();
  return (
    <NativeSelect
      id={id}
      aria-label={t("settings.list.colour")}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="w-full sm:w-32"
    >
      {PALETTE_COLORS.map((c) => (
        <option key={c} value={c}>
          {t(`settings.colour.${c}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
