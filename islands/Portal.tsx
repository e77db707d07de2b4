import { lazy, Suspense, useState } from "react";
import { FilePlus2, Search } from "../src/ui/icons";
import { ErrorBoundary } from "../src/ui/ErrorBoundary";
import { ToastProvider } from "./lib/toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../src/ui/Tabs";
import { SubmitTicketForm } from "./portal/SubmitTicketForm";
import type { TrackRequest } from "./portal/TicketTracker";
import type { PublicConfig, TrackingMode } from "../src/shared/dto";
import { useI18n } from "../src/i18n/react";
import { LanguageSwitcher } from "./portal/LanguageSwitcher";
import type { PhoneRules } from "../src/shared/phone";

// The first screen is the submit form; the tracker (search, detail, files, notes) is fetched on demand,
// starting as soon as the pointer or focus reaches its tab.
const loadTracker = () => import("./portal/TrackerPane");
const TrackerPane = lazy(loadTracker);

const EMPTY: PublicConfig = { departments: [], types: [], priorities: [], companies: [] };

/** The public portal: header, Submit / Track tabs, footer. */
export default function Portal({
  config = EMPTY,
  tracking = "open",
  phone,
}: {
  config?: PublicConfig;
  tracking?: TrackingMode;
  phone: PhoneRules;
}) {
  const { t } = useI18n();
  const [tab, setTab] = useState("submit");
  const [track, setTrack] = useState<TrackRequest | null>(null);
  // 'Search This Ticket' on the confirmation opens the Track tab with that ticket shown.
  const searchTicket = (ticketId: string) => {
    setTrack({ type: "ticketId", query: ticketId });
    setTab("track");
  };
  return (
    <ErrorBoundary>
      <ToastProvider>
        <div className="flex min-h-screen flex-col">
          <header className="border-b bg-white border-gray-200">
            <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 p-4">
              <a href="/" className="text-lg font-semibold text-gray-900">
                {t("portal.brand")}
              </a>
              <nav aria-label={t("portal.nav")} className="flex flex-wrap items-center gap-2 text-sm">
                <LanguageSwitcher />
                <a href="/help" className="rounded-md px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50">
                  {t("portal.helpArticles")}
                </a>
                <a
                  href="/admin"
                  className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
                >
                  {t("portal.adminLogin")}
                </a>
              </nav>
            </div>
          </header>
          <main className="mx-auto w-full max-w-5xl flex-1 p-3 sm:p-6">
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="submit">
                  <FilePlus2 className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">{t("portal.tab.submit")}</span>
                  <span className="sm:hidden">{t("portal.tab.submitShort")}</span>
                </TabsTrigger>
                <TabsTrigger value="track" onPointerEnter={loadTracker} onFocus={loadTracker}>
                  <Search className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">{t("portal.tab.track")}</span>
                  <span className="sm:hidden">{t("portal.tab.trackShort")}</span>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="submit" forceMount className="data-[state=inactive]:hidden">
                <SubmitTicketForm
                  config={config}
                  tracking={tracking}
                  phone={phone}
                  onSearchTicket={searchTicket}
                />
              </TabsContent>
              <TabsContent value="track">
                <Suspense fallback={<p className="p-4 text-sm text-gray-600">{t("portal.loading")}</p>}>
                  <TrackerPane request={track} phoneCountry={phone.country} />
                </Suspense>
              </TabsContent>
            </Tabs>
          </main>
          <footer className="border-t bg-white border-gray-200">
            <p className="mx-auto max-w-5xl p-4 text-center text-sm text-gray-600">{t("portal.footer")}</p>
          </footer>
        </div>
      </ToastProvider>
    </ErrorBoundary>
  );
}
