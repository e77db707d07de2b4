import { useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input } from "../../../src/ui/Input";
import { useConfigList } from "../../lib/queries/config-lists";
import {
  type ServiceLevelSettings,
  saveServiceLevels,
  useServiceLevels,
} from "../../lib/queries/service-levels";
import { HoursHolidays } from "./HoursHolidays";
import { HoursTargets } from "./HoursTargets";
import { HoursWeek } from "./HoursWeek";
import { useSettingsMutation } from "./use-settings-mutation";

/** Zones the browser knows, offered while typing; the server checks the one saved. */
const ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/**
 * Settings → Hours: the business calendar and the targets the service-level clocks run on. Edits
 * stay a draft until saved; new rules time tickets opened from then on and priority changes.
 */
export function HoursPanel() {
  const { t } = useI18n();
  const saved = useServiceLevels();
  const priorities = useConfigList("priorities");
  const [draft, setDraft] = useState<ServiceLevelSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSettingsMutation(saveServiceLevels, {
    success: { title: t("settings.hours.saved") },
    failure: (m) => {
      setProblem(m ?? t("settings.hours.tryAgain"));
      return { title: t("settings.hours.saveFailed"), description: m ?? undefined };
    },
    onSuccess: () => {
      setDraft(null);
      setProblem(null);
    },
  });
  const s = draft ?? saved.data;
  if (!s) return <p className="p-4 text-sm text-gray-600">{t("settings.hours.loading")}</p>;
  const edit = (patch: Partial<ServiceLevelSettings>) => setDraft({ ...s, ...patch });
  const shown = (priorities.data ?? [])
    .filter((p) => p.isActive || s.targets[p.name])
    .map((p) => ({ name: p.name, label: p.label ?? p.name }));
  return (
    <Card data-testid="hours-panel">
      <CardHeader>
        <CardTitle>{t("settings.hours.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="text-sm text-gray-600">{t("settings.hours.intro")}</p>
        <div className="max-w-sm space-y-1">
          <label htmlFor="hours-zone" className="text-sm font-medium text-gray-800">
            {t("settings.hours.zone")}
          </label>
          <Input
            id="hours-zone"
            list="hours-zones"
            value={s.timeZone}
            onChange={(e) => edit({ timeZone: e.target.value })}
          />
          <datalist id="hours-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <HoursWeek week={s.week} onChange={(week) => edit({ week })} />
        <HoursHolidays holidays={s.holidays} onChange={(holidays) => edit({ holidays })} />
        <HoursTargets priorities={shown} targets={s.targets} onChange={(targets) => edit({ targets })} />
        {problem && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="flex gap-2">
          <Button disabled={!draft || save.isPending} onClick={() => save.mutate(s)}>
            {t("settings.hours.save")}
          </Button>
          <Button
            variant="outline"
            disabled={!draft || save.isPending}
            onClick={() => {
              setDraft(null);
              setProblem(null);
            }}
          >
            {t("settings.hours.discard")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
