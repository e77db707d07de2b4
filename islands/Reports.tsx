import { useMemo, useState } from "react";
import type { AuthUser, PublicConfig } from "../src/shared/dto";
import { Providers } from "./lib/Providers";
import { useAssignees } from "./lib/queries/tickets";
import { AgentsSection } from "./admin/reports/AgentsSection";
import { BusiestSection } from "./admin/reports/BusiestSection";
import { presetRange, type Preset, type Range } from "./admin/reports/range";
import { NO_FILTERS, ReportFilters, type Filters } from "./admin/reports/ReportFilters";
import { ServiceLevelsSection } from "./admin/reports/ServiceLevelsSection";
import { TimesSection } from "./admin/reports/TimesSection";
import { TimeSpentSection } from "./admin/reports/TimeSpentSection";
import { TopSection } from "./admin/reports/TopSection";
import { SelfServiceSection } from "./admin/reports/SelfServiceSection";
import { VolumeSection } from "./admin/reports/VolumeSection";
import { useI18n } from "../src/i18n/react";

type Props = { user: AuthUser; today: string; timeZone: string; config: PublicConfig };

/** Longer ranges are grouped by week or month, so a chart keeps a readable number of points. */
const bucketOf = ({ from, to }: Range) => {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  return days > 180 ? "month" : days > 45 ? "week" : "day";
};

function ReportsPage({ today, timeZone, config }: Props) {
  const { t } = useI18n();
  const [preset, setPreset] = useState<Preset>("30");
  const [range, setRange] = useState<Range>(() => presetRange("30", today));
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const agents = useAssignees().data ?? [];
  const names = useMemo(
    () =>
      Object.fromEntries(
        agents.map((a) => [String(a.id), [a.firstName, a.lastName].filter(Boolean).join(" ")]),
      ),
    [agents],
  );
  const params = useMemo(() => ({ ...range, ...filters, bucket: bucketOf(range) }), [range, filters]);
  const choosePreset = (p: Preset) => {
    setPreset(p);
    if (p !== "custom") setRange(presetRange(p, today));
  };
  return (
    <>
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 p-4">
          <div>
            <h1 className="text-xl font-bold sm:text-2xl">{t("reports.title")}</h1>
            <p className="text-sm text-gray-600">{t("reports.timeZone", { timeZone })}</p>
          </div>
          <a href="/admin" className="text-sm font-medium text-blue-700 hover:underline print:hidden">
            {t("reports.back")}
          </a>
        </div>
      </header>
      <main className="mx-auto flex min-w-0 max-w-7xl flex-col gap-4 p-4">
        <ReportFilters
          preset={preset}
          range={range}
          filters={filters}
          config={config}
          agents={agents}
          onPreset={choosePreset}
          onRange={(r) => {
            setPreset("custom");
            setRange(r);
          }}
          onFilters={setFilters}
        />
        <VolumeSection params={params} />
        <TimesSection params={params} names={names} />
        <ServiceLevelsSection params={params} names={names} />
        <AgentsSection params={params} />
        <TimeSpentSection params={params} />
        <SelfServiceSection params={params} />
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <BusiestSection params={params} />
          <TopSection params={params} />
        </div>
      </main>
    </>
  );
}

/** The Reports page: figures over a range of office days, each with its table and a CSV download. */
export default function Reports(props: Props) {
  return (
    <Providers>
      <ReportsPage {...props} />
    </Providers>
  );
}
