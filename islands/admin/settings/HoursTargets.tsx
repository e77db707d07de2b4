import { useI18n } from "../../../src/i18n/react";
import { Input } from "../../../src/ui/Input";
import type { ServiceLevelSettings } from "../../lib/queries/service-levels";

type Targets = ServiceLevelSettings["targets"];
type Field = "firstResponseMinutes" | "resolutionMinutes";

/** Targets are kept in business minutes and edited in business hours (quarter hours and finer). */
const hours = (minutes: number | undefined) =>
  minutes === undefined || Number.isNaN(minutes) ? "" : String(+(minutes / 60).toFixed(2));

/** One row a priority: how long the first response and the resolution may take, in business hours. */
export function HoursTargets({
  priorities,
  targets,
  onChange,
}: {
  priorities: { name: string; label: string }[];
  targets: Targets;
  onChange: (t: Targets) => void;
}) {
  const { t } = useI18n();
  // the server answers a priority without targets of its own with medium's, which it always sends
  const fallback = targets.medium ?? { firstResponseMinutes: Number.NaN, resolutionMinutes: Number.NaN };
  const set = (name: string, field: Field, value: string) => {
    const current = targets[name] ?? fallback;
    // an emptied box stays empty while typing; saving it is refused with the server's message
    const minutes = value === "" ? Number.NaN : Math.round(Number(value) * 60);
    onChange({ ...targets, [name]: { ...current, [field]: minutes } });
  };
  return (
    <table className="w-full max-w-xl text-left text-sm">
      <caption className="mb-1 text-left font-medium text-gray-800">{t("settings.hours.targets")}</caption>
      <thead>
        <tr className="text-gray-600">
          <th scope="col" className="py-1 font-normal">
            {t("settings.hours.priority")}
          </th>
          <th scope="col" className="py-1 font-normal">
            {t("settings.hours.firstResponse")}
          </th>
          <th scope="col" className="py-1 font-normal">
            {t("settings.hours.resolution")}
          </th>
        </tr>
      </thead>
      <tbody>
        {priorities.map((p) => (
          <tr key={p.name} className="border-t border-gray-100">
            <th scope="row" className="py-1 pr-2 font-normal text-gray-800">
              {p.label}
            </th>
            {(["firstResponseMinutes", "resolutionMinutes"] as const).map((field) => (
              <td key={field} className="py-1 pr-2">
                <Input
                  type="number"
                  min={0.25}
                  step={0.25}
                  inputMode="decimal"
                  aria-label={t(
                    field === "firstResponseMinutes"
                      ? "settings.hours.firstResponseOf"
                      : "settings.hours.resolutionOf",
                    { label: p.label },
                  )}
                  className="w-24"
                  value={hours((targets[p.name] ?? fallback)[field])}
                  onChange={(e) => set(p.name, field, e.target.value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
