import { DropdownMenu } from "radix-ui";
import { CircleUser, LayoutDashboard, LogOut, User } from "../../src/ui/icons";
import type { AuthUser } from "../../src/shared/dto";
import { signOut } from "../lib/queries/auth";
import { NotificationBell } from "./NotificationBell";
import { useI18n } from "../../src/i18n/react";

const item =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100";

/** 'Admin Dashboard' ('Tickets' for staff, who have no settings), 'Welcome back' + first name, and the account menu. */
export function AdminHeader({ user }: { user: AuthUser }) {
  const { t } = useI18n();
  return (
    <header className="border-b bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 p-4">
        <div className="min-w-0">
          <h1 className="text-xl font-bold sm:text-2xl">
            {t(user.role === "admin" ? "staff.title.admin" : "staff.title.staff")}
          </h1>
          <p className="truncate text-sm text-gray-600">
            {t("staff.welcome", { name: user.firstName || "Admin" })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <nav aria-label={t("staff.nav")}>
            <a href="/admin/reports" className="text-sm font-medium text-blue-700 hover:underline">
              {t("staff.reports")}
            </a>
          </nav>
          <NotificationBell />
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={t("staff.accountMenu")}
              className="flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm hover:bg-gray-50"
            >
              <CircleUser className="h-5 w-5" aria-hidden="true" />
              <span className="hidden sm:inline">{user.firstName || user.email}</span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-44 rounded-md border bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-gray-500">
                  {t("staff.myAccount")}
                </DropdownMenu.Label>
                <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
                <DropdownMenu.Item className={item} onSelect={() => window.location.assign("/profile")}>
                  <User className="h-4 w-4" aria-hidden="true" /> {t("staff.profile")}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={item} onSelect={() => window.location.assign("/admin")}>
                  <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> {t("staff.dashboard")}
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
                <DropdownMenu.Item className={item} onSelect={signOut}>
                  <LogOut className="h-4 w-4" aria-hidden="true" /> {t("staff.signOut")}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}
