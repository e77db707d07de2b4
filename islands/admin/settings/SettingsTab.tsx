import { lazy, Suspense } from "react";
import type { AuthUser } from "../../../src/shared/dto";
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
  { value: "statuses", label: "Status" },
  { value: "departments", label: "Dept" },
  { value: "types", label: "Types" },
  { value: "priorities", label: "Priority" },
  { value: "companies", label: "Co." },
] as const;

/** Settings: one tab per area, Users by default. The server refuses staff (403) on every route behind it. */
export function SettingsTab({ user }: { user: AuthUser }) {
  if (user.role !== "admin")
    return (
      <p className="rounded-md border border-gray-200 bg-white p-6 text-gray-600">
        Only administrators can manage settings.
      </p>
    );
  return (
    <Tabs defaultValue="users">
      <TabsList aria-label="Settings">
        <TabsTrigger value="users">Users</TabsTrigger>
        {LISTS.map((l) => (
          <TabsTrigger key={l.value} value={l.value}>
            {l.label}
          </TabsTrigger>
        ))}
        <TabsTrigger value="hours">Hours</TabsTrigger>
        <TabsTrigger value="audit">Audit</TabsTrigger>
        <TabsTrigger value="email">Email</TabsTrigger>
        <TabsTrigger value="portal">Portal</TabsTrigger>
        <TabsTrigger value="integrations">Integrations</TabsTrigger>
        <TabsTrigger value="sign-in">Sign-in</TabsTrigger>
        <TabsTrigger value="knowledge">Articles</TabsTrigger>
        <TabsTrigger value="tags">Tags</TabsTrigger>
        <TabsTrigger value="saved-replies">Saved replies</TabsTrigger>
        <TabsTrigger value="fields">Fields</TabsTrigger>
        <TabsTrigger value="automation">Automation</TabsTrigger>
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
        <Suspense fallback={<p className="p-4 text-sm text-gray-600">Loading…</p>}>
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
