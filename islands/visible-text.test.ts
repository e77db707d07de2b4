import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const files = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((n) => files(join(path, n)))
    : /\.tsx?$/.test(path) && !path.includes(".test.")
      ? [path]
      : [];

/** The requester's side and the sign-in pages: everything they show comes from the catalog. */
const TRANSLATED = [
  "islands/Portal.tsx",
  "islands/portal",
  "islands/RequesterTicket.tsx",
  "islands/requester",
  "islands/MyTickets.tsx",
  "islands/tickets",
  "islands/Login.tsx",
  "islands/auth",
  "islands/PasswordRecovery.tsx",
  "islands/recovery",
  // the staff area, as far as it is translated
  "islands/admin/AdminHeader.tsx",
  "islands/AdminDashboard.tsx",
  "islands/admin/QueueToolbar.tsx",
  "islands/admin/NotificationBell.tsx",
  "islands/admin/TicketList.tsx",
  "islands/admin/ticket/QueueNav.tsx",
  // the ticket page, Profile and Reports
  "islands/TicketPage.tsx",
  "islands/admin/ticket",
  "islands/Profile.tsx",
  "islands/profile",
  "islands/Reports.tsx",
  "islands/admin/reports",
  // the queue: board, filters, views, bulk actions, the quick look, greeting and knowledge base
  "islands/admin/BulkBar.tsx",
  "islands/admin/DashboardTab.tsx",
  "islands/admin/DeleteTicketDialog.tsx",
  "islands/admin/DetailAttachments.tsx",
  "islands/admin/DetailFields.tsx",
  "islands/admin/DueBadge.tsx",
  "islands/admin/FieldColumnsPicker.tsx",
  "islands/admin/FieldFilter.tsx",
  "islands/admin/FiltersCard.tsx",
  "islands/admin/FollowButton.tsx",
  "islands/admin/KanbanBoard.tsx",
  "islands/admin/ManageViewsDialog.tsx",
  "islands/admin/MentionPicker.tsx",
  "islands/admin/PriorityOverview.tsx",
  "islands/admin/PublicAddressBanner.tsx",
  "islands/admin/QuickConversation.tsx",
  "islands/admin/RequesterLink.tsx",
  "islands/admin/ShortcutsDialog.tsx",
  "islands/admin/StaleWriteNotice.tsx",
  "islands/admin/StatusOverview.tsx",
  "islands/admin/TagChips.tsx",
  "islands/admin/TagEditor.tsx",
  "islands/admin/TagsFilter.tsx",
  "islands/admin/TicketCard.tsx",
  "islands/admin/TicketDetailDialog.tsx",
  "islands/admin/TicketRating.tsx",
  "islands/admin/TimeSpentField.tsx",
  "islands/admin/UnverifiedReplies.tsx",
  "islands/admin/ViewsBar.tsx",
  "islands/admin/lazy-parts.tsx",
  "islands/admin/moments.ts",
  "islands/admin/useShortcuts.ts",
  "islands/admin/greeting",
  "islands/admin/knowledge",
  // Settings: the tab list, sign-in security and users so far
  "islands/admin/settings/SettingsTab.tsx",
  "islands/admin/settings/TwoFactorPolicyPanel.tsx",
  "islands/admin/settings/UsersPanel.tsx",
  "islands/admin/settings/ConfigListPanel.tsx",
  "islands/admin/settings/AddConfigItemForm.tsx",
  "islands/admin/settings/ConfigItemRow.tsx",
  "islands/admin/settings/ColorSelect.tsx",
  "islands/admin/settings/HoursPanel.tsx",
  "islands/admin/settings/HoursWeek.tsx",
  "islands/admin/settings/HoursHolidays.tsx",
  "islands/admin/settings/HoursTargets.tsx",
  "islands/admin/settings/PortalPanel.tsx",
  "islands/admin/settings/PublicAddressCard.tsx",
  "islands/admin/settings/PhoneRulesCard.tsx",
  "islands/admin/settings/IdPrefixCard.tsx",
  "islands/admin/settings/WeatherCardToggle.tsx",
  "islands/admin/settings/OfficeLanguageField.tsx",
  "islands/admin/settings/TagsPanel.tsx",
  "islands/admin/settings/RequesterMailPanel.tsx",
  // Settings: users' dialogs, sign-in, audit, and the pieces every island shares
  "islands/lib",
  "islands/admin/settings/AddUserDialog.tsx",
  "islands/admin/settings/InvitationItems.tsx",
  "islands/admin/settings/TemporaryPasswordDialog.tsx",
  "islands/admin/settings/ProvisioningFields.tsx",
  "islands/admin/settings/EditRoleDialog.tsx",
  "islands/admin/settings/EditAccessDialog.tsx",
  "islands/admin/settings/DirectoryFields.tsx",
  "islands/admin/settings/AccessFields.tsx",
  "islands/admin/settings/SignInPanel.tsx",
  "islands/admin/settings/AuditPanel.tsx",
  "islands/admin/settings/AuditRow.tsx",
  "islands/admin/settings/use-settings-mutation.ts",
  "islands/admin/settings/ProviderFields.tsx",
  "islands/admin/settings/audit-format.ts",
  "islands/admin/settings/audit-words.ts",
  "src/ui/Dialog.tsx",
  // Settings: automation rules, saved replies and custom fields
  "islands/admin/settings/AutomationPanel.tsx",
  "islands/admin/settings/AutomationRuleEditor.tsx",
  "islands/admin/settings/SavedRepliesPanel.tsx",
  "islands/admin/settings/FieldsPanel.tsx",
  "islands/admin/settings/FieldEditor.tsx",
]
  .flatMap((p) => files(join(root, p)))
  // its labels are catalog keys, written in English and translated where they are shown
  .filter((f) => !f.endsWith("public-status.ts"));

/**
 * Texts that are not the requester's to read: formats and examples, the honeypot's label (for bots), and
 * the mark of an internal note or file, which only staff ever see.
 */
const SAME_EVERYWHERE = new Set(["XXX-XXX-XXXX", "WI-2026-001", "you@example.com", "Website", "Internal"]);
const catalogKey = /^[a-z][A-Za-z]*\.[\w.]+$/;

const shown = [
  // text between tags (not a type argument list such as `A<B>, C<D>`, not an arrow)
  /(?<![=-])>\s*([^<>{}();=\s,[|][^<>{}();=]*?)\s*<\/?[A-Za-z]/g,
  // attributes a person reads or hears
  /\b(?:label|placeholder|aria-label|title|alt|description|loading|empty)=["']([^"']+)["']/g,
  // toast and dialog texts built in code
  /\b(?:title|description|label|placeholder|message):\s*["'`]([^"'`]+)["'`]/g,
];

test("the portal's components show no text outside the catalog", () => {
  const found: string[] = [];
  for (const file of TRANSLATED) {
    const code = readFileSync(file, "utf8")
      .replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")
      .replace(/&\w+;/g, "&");
    for (const pattern of shown)
      for (const [, text = ""] of code.matchAll(pattern))
        if (
          /\p{L}{2}/u.test(text) &&
          !SAME_EVERYWHERE.has(text.trim()) &&
          !/^[a-z][a-z_]*$/.test(text) &&
          !catalogKey.test(text) &&
          !text.includes("=>")
        )
          found.push(`${relative(root, file)}: ${text.trim()}`);
  }
  expect(found).toEqual([]);
});
