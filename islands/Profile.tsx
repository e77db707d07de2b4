import { Providers } from "./lib/Providers";
import { AuthGuard } from "./auth/AuthGuard";
import { ProfileInfoForm } from "./profile/ProfileInfoForm";
import { LanguagePicker } from "./profile/LanguagePicker";
import { SignatureForm } from "./profile/SignatureForm";
import { ChangePasswordForm } from "./profile/ChangePasswordForm";
import { SessionsList } from "./profile/SessionsList";
import { ApiTokens } from "./profile/ApiTokens";
import { TwoFactorSettings } from "./profile/TwoFactorSettings";
import type { AuthUser } from "../src/shared/dto";
import { useI18n } from "../src/i18n/react";
import { Card, CardContent } from "../src/ui/Card";
import { SavedRepliesPanel } from "./admin/settings/SavedRepliesPanel";
import { NotificationSettings } from "./profile/NotificationSettings";
import { fill } from "./lib/fill";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../src/ui/Tabs";

const initials = (u: AuthUser) => ((u.firstName?.[0] ?? "") + (u.lastName?.[0] ?? "")).toUpperCase() || "U";

const startTab = (u: AuthUser) =>
  u.mustChangePassword ? "password" : u.mustEnrolTwoFactor ? "two-factor" : "info";

function ProfilePage({ user }: { user: AuthUser }) {
  const { t } = useI18n();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <a href="/admin" className="text-sm font-medium text-blue-700 hover:underline">
        {t("profile.back")}
      </a>
      <Card>
        <CardContent className="flex items-center gap-4 pt-4 sm:pt-6">
          <div
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-blue-600 text-xl font-bold text-white"
            aria-hidden="true"
          >
            {initials(user)}
          </div>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold">{fullName}</h1>
            <p className="truncate text-gray-600">{user.email}</p>
            <p className="text-sm text-gray-600">
              {fill(t("profile.role", { role: "{role}", access: t(`profile.access.${user.role}`) }), {
                role: <span className="font-medium capitalize">{t(`profile.role.${user.role}`)}</span>,
              })}
            </p>
          </div>
        </CardContent>
      </Card>
      {user.mustChangePassword && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t("profile.mustChangePassword")}
        </div>
      )}
      {user.mustEnrolTwoFactor && !user.mustChangePassword && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t("profile.mustEnrol")}
        </div>
      )}
      <Tabs defaultValue={startTab(user)}>
        <TabsList>
          <TabsTrigger value="info">{t("profile.tab.info")}</TabsTrigger>
          <TabsTrigger value="password">{t("profile.tab.password")}</TabsTrigger>
          <TabsTrigger value="sessions">{t("profile.tab.sessions")}</TabsTrigger>
          <TabsTrigger value="two-factor">{t("profile.tab.twoFactor")}</TabsTrigger>
          <TabsTrigger value="tokens">{t("profile.tab.tokens")}</TabsTrigger>
          <TabsTrigger value="saved-replies">{t("profile.tab.savedReplies")}</TabsTrigger>
          <TabsTrigger value="notifications">{t("profile.tab.notifications")}</TabsTrigger>
        </TabsList>
        <Card className="mt-4">
          <CardContent className="pt-4 sm:pt-6">
            <TabsContent value="info" className="mt-0">
              <ProfileInfoForm user={user} />
              <LanguagePicker user={user} />
              <SignatureForm />
            </TabsContent>
            <TabsContent value="password" className="mt-0">
              <ChangePasswordForm />
            </TabsContent>
            <TabsContent value="sessions" className="mt-0">
              <SessionsList />
            </TabsContent>
            <TabsContent value="two-factor" className="mt-0">
              <TwoFactorSettings />
            </TabsContent>
            <TabsContent value="tokens" className="mt-0">
              <ApiTokens />
            </TabsContent>
            <TabsContent value="saved-replies" className="mt-0">
              <SavedRepliesPanel canShare={user.role === "admin"} />
            </TabsContent>
            <TabsContent value="notifications" className="mt-0">
              <NotificationSettings me={user.id} />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </main>
  );
}

export default function Profile({ user }: { user: AuthUser | null }) {
  return (
    <Providers>
      <AuthGuard initialUser={user} redirectTo="/profile">
        {(u) => <ProfilePage user={u} />}
      </AuthGuard>
    </Providers>
  );
}
