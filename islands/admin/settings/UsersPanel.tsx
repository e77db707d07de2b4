import { useState } from "react";
import { DropdownMenu } from "radix-ui";
import { MoreHorizontal, UserPlus } from "../../../src/ui/icons";
import type { AuthUser, UserDto } from "../../../src/shared/dto";
import { ROLE_DESCRIPTIONS } from "../../../src/shared/constants";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Badge } from "../../../src/ui/Badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { ConfirmDialog } from "../../../src/ui/Dialog";
import { Spinner } from "../../../src/ui/Spinner";
import { AddUserDialog } from "./AddUserDialog";
import { EditRoleDialog } from "./EditRoleDialog";
import { EditAccessDialog } from "./EditAccessDialog";
import { TemporaryPasswordDialog } from "./TemporaryPasswordDialog";
import { useSettingsMutation } from "./use-settings-mutation";
import { deleteUser, setUserStatus, useUsers } from "../../lib/queries/users";
import { InvitationItems } from "./InvitationItems";
import { resetUserTwoFactor } from "../../lib/queries/two-factor";

type Dialogs = { kind: "role" | "access" | "delete" | "reset-2fa" | "temp-password"; user: UserDto } | null;
const item =
  "cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-gray-100";
const fullName = (u: UserDto) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/** Users: list, 'Add User', per-user menu; own Suspend/Delete and sign-in resets disabled (the server refuses too). */
export function UsersPanel({ user: me }: { user: AuthUser }) {
  const { t } = useI18n();
  const users = useUsers();
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const status = useSettingsMutation(setUserStatus, {
    success: { title: t("settings.success"), description: t("settings.users.statusUpdated") },
    failure: (m) => ({ title: t("settings.error"), description: m ?? t("settings.users.statusFailed") }),
  });
  const remove = useSettingsMutation(deleteUser, {
    success: { title: t("settings.success"), description: t("settings.users.deleted") },
    failure: (m) => ({ title: t("settings.error"), description: m ?? t("settings.users.deleteFailed") }),
    onSuccess: () => setDialog(null),
  });
  const reset2fa = useSettingsMutation(resetUserTwoFactor, {
    success: { title: t("settings.success"), description: t("settings.users.twoFactorReset") },
    failure: (m) => ({
      title: t("settings.error"),
      description: m ?? t("settings.users.twoFactorResetFailed"),
    }),
    onSuccess: () => setDialog(null),
  });

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("settings.users.title")}</CardTitle>
        <Button onClick={() => setAdding(true)}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {t("settings.users.add")}
        </Button>
      </CardHeader>
      <CardContent>
        {users.isPending && <Spinner label={t("settings.users.loading")} />}
        {users.isError && <p className="text-sm text-red-600">{t("settings.users.fetchFailed")}</p>}
        <ul className="divide-y divide-gray-100" aria-label={t("settings.users.title")}>
          {users.data?.map((u) => {
            const self = u.id === me.id;
            return (
              <li key={u.id} className="flex flex-wrap items-center gap-2 py-3" data-testid="user-row">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900">
                    {fullName(u)}
                    {self && <span className="ml-1 text-xs text-gray-500">{t("settings.users.you")}</span>}
                  </p>
                  <p className="truncate text-sm text-gray-600">{u.email}</p>
                </div>
                <Badge color={u.role === "admin" ? "purple" : "blue"} title={ROLE_DESCRIPTIONS[u.role]}>
                  {t(`settings.users.role.${u.role}`)}
                </Badge>
                <Badge color={u.status === "active" ? "green" : "red"}>
                  {t(`settings.users.status.${u.status}`)}
                </Badge>
                {u.invitedAt && <Badge color="yellow">{t("settings.users.invited")}</Badge>}
                {u.twoFactorEnabled && <Badge color="gray">{t("settings.users.twoFactor")}</Badge>}
                {u.role === "staff" && (
                  <Badge color="gray">
                    {t(u.canViewAllTickets ? "settings.users.allAccess" : "settings.users.limitedAccess")}
                  </Badge>
                )}
                <DropdownMenu.Root>
                  <DropdownMenu.Trigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("settings.users.actionsFor", { email: u.email })}
                    >
                      <MoreHorizontal className="h-4 w-4" />
                    </Button>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content
                      align="end"
                      className="z-50 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-md"
                    >
                      <DropdownMenu.Item
                        className={item}
                        onSelect={() => setDialog({ kind: "role", user: u })}
                      >
                        {t("settings.users.editRole")}
                      </DropdownMenu.Item>
                      {u.role === "staff" && (
                        <DropdownMenu.Item
                          className={item}
                          onSelect={() => setDialog({ kind: "access", user: u })}
                        >
                          {t("settings.users.editAccess")}
                        </DropdownMenu.Item>
                      )}
                      <DropdownMenu.Item
                        className={item}
                        disabled={self}
                        onSelect={() =>
                          status.mutate({ id: u.id, status: u.status === "active" ? "suspended" : "active" })
                        }
                      >
                        {t(u.status === "active" ? "settings.users.suspend" : "settings.users.activate")}
                      </DropdownMenu.Item>
                      <DropdownMenu.Item
                        className={item}
                        disabled={self}
                        onSelect={() => setDialog({ kind: "temp-password", user: u })}
                      >
                        {t("settings.users.tempPassword")}
                      </DropdownMenu.Item>
                      {u.twoFactorEnabled && (
                        <DropdownMenu.Item
                          className={item}
                          disabled={self}
                          onSelect={() => setDialog({ kind: "reset-2fa", user: u })}
                        >
                          {t("settings.users.reset2fa")}
                        </DropdownMenu.Item>
                      )}
                      {u.invitedAt && <InvitationItems id={u.id} className={item} />}
                      <DropdownMenu.Item
                        className={`${item} text-red-600`}
                        disabled={self}
                        onSelect={() => setDialog({ kind: "delete", user: u })}
                      >
                        {t("settings.users.delete")}
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      {dialog?.kind === "role" && <EditRoleDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === "access" && <EditAccessDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === "temp-password" && (
        <TemporaryPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        onOpenChange={(o) => !o && setDialog(null)}
        title={t("settings.users.deleteTitle")}
        description={dialog ? t("settings.users.deleteConfirm", { email: dialog.user.email }) : ""}
        confirmLabel={t("settings.users.delete")}
        pending={remove.isPending}
        onConfirm={() => dialog && remove.mutate(dialog.user.id)}
      />
      <ConfirmDialog
        open={dialog?.kind === "reset-2fa"}
        onOpenChange={(o) => !o && setDialog(null)}
        title={t("settings.users.resetTitle")}
        description={dialog ? t("settings.users.resetConfirm", { email: dialog.user.email }) : ""}
        confirmLabel={t("settings.users.reset")}
        pending={reset2fa.isPending}
        onConfirm={() => dialog && reset2fa.mutate(dialog.user.id)}
      />
    </Card>
  );
}
