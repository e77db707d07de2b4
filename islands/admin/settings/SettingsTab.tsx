import { lazy, Suspense } from "react";
import type { AuthUser } from "../../../src/shared/dto";
import { useI18n } from "../../../src/i18n/react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../src/ui/Tabs";
import { UsersPanel } from "./UsersPanel";
import { ConfigListPanel } from "./ConfigListPanel";
import { AuditPanel } from "./AuditPanel";
import { EmailRoutingPanel } from "./EmailRoutingPanel";
import { MailHealthPanel } from "./MailHealthPanel";
import { MailAccountsPanel } from "./MailAccountsPanel";
import { RequesterMailPanel } from "./RequesterMailPanel";
import { IntegrationsPanel } from "./IntegrationsPanel";
import { TwoFactorPolicyPanel } from "./TwoFactorPolicyPanel";
import { HoursPanel } from "./HoursPanel";
import { PortalPanel } from "./PortalPanel";
import { PublicAddressCard } from "./PublicAddressCard";
import { PhoneRulesCard } from "./PhoneRulesCard";
import { WeatherCardToggle } from "./WeatherCardToggle";
import { IdPrefixCard } from "./IdPrefixCard";
import { PortalWordingCard } from "./PortalWordingCard";
import { SignInPanel } from "./SignInPanel";
import { TagsPanel } from "./TagsPanel";
import { SavedRepliesPanel } from "./SavedRepliesPanel";

// loaded when its tab is opened, so the queue does not carry the article editor
const KnowledgePanel = lazy(() => import("../knowledge/KnowledgePanel"));
const FieldsPanel = lazy(() => import("./FieldsPanel"));
const AutomationPanel = lazy(() => import("./AutomationPanel"));

const LISTS = [
  { value: "statuses", label: "settings.tab.statuses" },
  { value: "departments", label: "settings.tab.departments" },
  { value: "types", label: "settings.tab.types" },
  { value: "priorities", label: "settings.tab.priorities" },
  { value: "companies", label: "settings.tab.companies" },
] as const;

/** Settings: one tab per area, Users by default. The server refuses staff (403) on every route behind it. */
export function SettingsTab({ user }: { user: AuthUser }) {
  const { t } = useI18n();
  if (user.role !== "admin")
    return (
      <p className="rounded-md border border-gray-200 bg-white p-6 text-gray-600">
        {t("settings.adminsOnly")}
      </p>
    );
  return (
    <Tabs defaultValue="users">
      <TabsList aria-label={t("settings.tabs")}>
        <TabsTrigger value="users">{t("settings.tab.users")}</TabsTrigger>
        {LISTS.map((l) => (
          <TabsTrigger key={l.value} value={l.value}>
            {t(l.label)}
          </TabsTrigger>
        ))}
        <TabsTrigger value="hours">{t("settings.tab.hours")}</TabsTrigger>
        <TabsTrigger value="audit">{t("settings.tab.audit")}</TabsTrigger>
        <TabsTrigger value="email">{t("settings.tab.email")}</TabsTrigger>
        <TabsTrigger value="portal">{t("settings.tab.portal")}</TabsTrigger>
        <TabsTrigger value="integrations">{t("settings.tab.integrations")}</TabsTrigger>
        <TabsTrigger value="sign-in">{t("settings.tab.signIn")}</TabsTrigger>
        <TabsTrigger value="knowledge">{t("settings.tab.knowledge")}</TabsTrigger>
        <TabsTrigger value="tags">{t("settings.tab.tags")}</TabsTrigger>
        <TabsTrigger value="saved-replies">{t("settings.tab.savedReplies")}</TabsTrigger>
        <TabsTrigger value="fields">{t("settings.tab.fields")}</TabsTrigger>
        <TabsTrigger value="automation">{t("settings.tab.automation")}</TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <TwoFactorPolicyPanel />
        <UsersPanel user={user} />
      </TabsContent>
      {LISTS.map((l) => (
        <TabsContent key={l.value} value={l.value}>
          <ConfigListPanel kind={l.value} />
        </TabsContent>
      ))}
      <TabsContent value="hours">
        <HoursPanel />
      </TabsContent>
      <TabsContent value="audit">
        <AuditPanel />
      </TabsContent>
      <TabsContent value="email">
        <div className="space-y-4">
          <MailHealthPanel />
          <MailAccountsPanel />
          <RequesterMailPanel />
          <EmailRoutingPanel />
        </div>
      </TabsContent>
      <TabsContent value="portal">
        <div className="space-y-4">
          <PublicAddressCard />
          <PortalPanel />
          <PhoneRulesCard />
          <IdPrefixCard />
          <PortalWordingCard />
          <WeatherCardToggle />
        </div>
      </TabsContent>
      <TabsContent value="integrations">
        <IntegrationsPanel />
      </TabsContent>
      <TabsContent value="sign-in">
        <SignInPanel />
      </TabsContent>
      <TabsContent value="knowledge">
        <Suspense fallback={<p className="p-4 text-sm text-gray-600">{t("settings.loading")}</p>}>
          <KnowledgePanel />
        </Suspense>
      </TabsContent>
      <TabsContent value="tags">
        <TagsPanel />
      </TabsContent>
      <TabsContent value="saved-replies">
        <SavedRepliesPanel canShare />
      </TabsContent>
      <TabsContent value="fields">
        <Suspense fallback={null}>
          <FieldsPanel />
        </Suspense>
      </TabsContent>
      <TabsContent value="automation">
        <Suspense fallback={null}>
          <AutomationPanel />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
