import { useState, type FormEvent } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Input } from "../../../src/ui/Input";
import { Plus, X } from "../../../src/ui/icons";
import type { ServiceLevelSettings } from "../../lib/queries/service-levels";

type Holiday = ServiceLevelSettings["holidays"][number];

/** Closed days with a name, in date order; saved with the rest of the hours. */
export function HoursHolidays({
  holidays,
  onChange,
}: {
  holidays: Holiday[];
  onChange: (h: Holiday[]) => void;
}) {
  const { t } = useI18n();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!date || !name.trim()) return;
    onChange([...holidays, { date, name: name.trim() }].sort((a, b) => a.date.localeCompare(b.date)));
    setDate("");
    setName("");
  };
  return (
    <section aria-labelledby="holidays-heading" className="space-y-2">
      <h3 id="holidays-heading" className="text-sm font-medium text-gray-800">
        {t("settings.hours.holidays")}
      </h3>
      {holidays.length === 0 && <p className="text-sm text-gray-600">{t("settings.hours.noHolidays")}</p>}
      <ul className="space-y-1">
        {holidays.map((h) => (
          <li key={h.date} className="flex items-center gap-2 text-sm text-gray-800">
            <span className="w-28 tabular-nums">{h.date}</span>
            <span className="min-w-0 flex-1 truncate">{h.name}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("settings.hours.removeHoliday", { name: h.name, date: h.date })}
              onClick={() => onChange(holidays.filter((x) => x.date !== h.date))}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={add}
        className="flex flex-col gap-2 sm:flex-row"
        aria-label={t("settings.hours.addHoliday")}
      >
        <Input
          type="date"
          aria-label={t("settings.hours.holidayDate")}
          className="sm:w-44"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <Input
          aria-label={t("settings.hours.holidayName")}
          placeholder={t("settings.hours.name")}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={!date || !name.trim()} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden />
          {t("settings.hours.addHoliday")}
        </Button>
      </form>
    </section>
  );
}
