import { useEffect, useState } from "react";
import type { AuthUser } from "../../../src/shared/dto";
import { GREETING_REFRESH_MS } from "../../../src/shared/constants";
import { Card } from "../../../src/ui/Card";
import {
  FIRST_VISIT_LINE,
  RETURN_VISIT_LINE,
  greetingFor,
  greetingName,
  takeFirstVisitOfDay,
} from "./greeting-rules";
import { WeatherBadge } from "./WeatherBadge";
import { TodayActivity } from "./TodayActivity";
import { DailySummary } from "./DailySummary";
import { useMoments } from "../moments";
import { useI18n } from "../../../src/i18n/react";

// Decided once per page load (written only in the browser, inside the effect), so leaving the
// Dashboard tab and coming back does not turn the day's first visit into a return visit.
const visitOfThisPage = new Map<number, boolean>();

/**
 * The clock and the first-visit flag only exist in the browser: both start empty so the
 * server HTML and the first client render match, then fill in right after hydration.
 */
function useBrowserClock(userId: number) {
  const [now, setNow] = useState<Date | null>(null);
  const [firstVisit, setFirstVisit] = useState<boolean | null>(null);
  useEffect(() => {
    const start = new Date();
    setNow(start);
    const first =
      visitOfThisPage.get(userId) ??
      takeFirstVisitOfDay(typeof localStorage === "undefined" ? undefined : localStorage, userId, start);
    visitOfThisPage.set(userId, first);
    setFirstVisit(first);
    const timer = setInterval(() => setNow(new Date()), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [userId]);
  return { now, firstVisit };
}

/** The greeting card: greeting, weather, today's activity and the daily summary. */
export function GreetingCard({ user, onViewTicket }: { user: AuthUser; onViewTicket: (id: number) => void }) {
  const { now, firstVisit } = useBrowserClock(user.id);
  const { t } = useI18n();
  const { day } = useMoments();
  return (
    <Card className="overflow-hidden" data-testid="greeting-card">
      <div className="flex flex-wrap items-start justify-between gap-4 bg-gradient-to-r from-blue-600 to-indigo-600 p-4 text-white sm:p-6">
        <div className="min-h-[4.5rem] min-w-0">
          <h2 className="text-xl font-bold sm:text-2xl">
            {now
              ? t("greet.hello", {
                  greeting: t(greetingFor(now)),
                  name: greetingName(user) ?? t("greet.there"),
                })
              : "\u00a0"}
          </h2>
          <p className="text-blue-100">
            {firstVisit === null ? "\u00a0" : t(firstVisit ? FIRST_VISIT_LINE : RETURN_VISIT_LINE)}
          </p>
          <p className="mt-1 text-sm text-blue-200">{now ? day(now) : "\u00a0"}</p>
        </div>
        <WeatherBadge />
      </div>
      <div className="grid gap-4 p-4 sm:p-6 lg:grid-cols-2">
        <section aria-label={t("greet.activityLabel")}>
          <h3 className="mb-3 text-base font-semibold text-gray-900">{t("greet.activity")}</h3>
          <TodayActivity onViewTicket={onViewTicket} />
        </section>
        <DailySummary />
      </div>
    </Card>
  );
}
