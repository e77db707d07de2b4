import { useState } from "react";
import type { UserDto } from "../../../src/shared/dto";
import type { Role } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { useSettingsMutation } from "./use-settings-mutation";
import { setUserRole } from "../../lib/queries/users";
import { useI18n } from "../../../src/i18n/react";

/** Edit Role: admin 'Full Access', staff 'Limited Access'. */
export function EditRoleDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const { t } = useI18n();
  const [role, setRole] = useState<Role>(user.role);
  const save = useSettingsMutation(setUserRole, {
    success: { title: t("access.success"), description: t("access.editRole.done") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.editRole.failed") }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("access.editRole.title")}
      description={user.email}
    >
      <div className="space-y-1">
        <Label htmlFor="edit-role">{t("access.role")}</Label>
        <NativeSelect id="edit-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option value="admin">{t("access.role.admin")}</option>
          <option value="staff">{t("access.role.staff")}</option>
        </NativeSelect>
      </div>
      <div className="flex justify-end gap-2 pt-4">
        <Button variant="outline" onClick={onClose}>
          {t("ui.cancel")}
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: user.id, role })}>
          {t("access.save")}
        </Button>
      </div>
    </Dialog>
  );
}
