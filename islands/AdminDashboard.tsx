import { Providers } from "./lib/Providers";
import { AuthGuard } from "./auth/AuthGuard";
import { AdminHeader } from "./admin/AdminHeader";
import { PublicAddressBanner } from "./admin/PublicAddressBanner";
import { DashboardTab } from "./admin/DashboardTab";
import { SettingsTab } from "./admin/lazy-parts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../src/ui/Tabs";
import type { AuthUser } from "../src/shared/dto";
import { useI18n } from "../src/i18n/react";

type Props = {
  initialUser: AuthUser | null;
  defaultView: "kanban" | "list";
  /** The address the page was asked for: filters, view and the open ticket are read from it. */
  url?: string;
  initialTicket?: { id: number; ticketId: string } | null;
};

/** /admin: guarded by the session; Dashboard and Settings tabs. */
export default function AdminDashboard({ initialUser, defaultView, url = "/admin", initialTicket }: Props) {
  const { t } = useI18n();
  return (
    <Providers>
      <AuthGuard initialUser={initialUser} redirectTo={url}>
        {(user) => (
          <div className="min-h-screen">
            <AdminHeader user={user} />
            {user.role === "admin" && <PublicAddressBanner />}
            <main className="mx-auto max-w-7xl p-4 sm:p-6">
              <Tabs defaultValue="dashboard">
                <TabsList>
                  <TabsTrigger value="dashboard">{t("staff.tab.dashboard")}</TabsTrigger>
                  {user.role === "admin" && (
                    <TabsTrigger value="settings">{t("staff.tab.settings")}</TabsTrigger>
                  )}
                </TabsList>
                <TabsContent value="dashboard">
                  <DashboardTab
                    user={user}
                    defaultView={defaultView}
                    url={url}
                    initialTicket={initialTicket}
                  />
                </TabsContent>
                {user.role === "admin" && (
                  <TabsContent value="settings">
                    <SettingsTab user={user} />
                  </TabsContent>
                )}
              </Tabs>
            </main>
          </div>
        )}
      </AuthGuard>
    </Providers>
  );
}
