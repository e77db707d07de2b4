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
import { DEFAULT_WORDING, portalTexts, type PortalWordingView } from "../src/shared/portal-wording";
import { PortalFooter, PortalHeader, WelcomeBanner } from "./portal/PortalFrame";

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
  wording = { ...DEFAULT_WORDING, range: null },
}: {
  config?: PublicConfig;
  tracking?: TrackingMode;
  phone: PhoneRules;
  wording?: PortalWordingView;
}) {
  const { t } = useI18n();
  const texts = portalTexts(t, wording);
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
          <PortalHeader brand={texts.brand}>
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
          </PortalHeader>
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
                  banner={<WelcomeBanner texts={texts} />}
                  promise={texts.promise}
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
          <PortalFooter footer={texts.footer} />
        </div>
      </ToastProvider>
    </ErrorBoundary>
  );
}
