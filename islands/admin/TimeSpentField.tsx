import { useId } from "react";
import { useI18n } from "../../src/i18n/react";

/** Optional minutes spent on the note being written, and the ticket's total so far. */
export function TimeSpentField({
  value,
  onChange,
  total,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  total: number;
  /** What an empty field records: the ticket timer's minutes. */
  placeholder?: string;
}) {
  const id = useId();
  const { t } = useI18n();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-gray-700">
        {t("time2.label")}
      </label>
      <input
        id={id}
        type="number"
        min={1}
        max={1440}
        step={1}
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="w-20 rounded-md border px-2 py-1"
      />
      <span className="text-gray-600" data-testid="time-spent-total">
        {t("time2.total", { h: Math.floor(total / 60), m: total % 60 })}
      </span>
    </div>
  );
}
