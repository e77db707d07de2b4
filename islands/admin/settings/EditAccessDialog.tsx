import { useState } from "react";
import type { UserDto } from "../../../src/shared/dto";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { AccessFields, type Access } from "./AccessFields";
import { useSettingsMutation } from "./use-settings-mutation";
import { setUserAccess } from "../../lib/queries/users";
import { useI18n } from "../../../src/i18n/react";

/** Edit Access (staff only): departments, companies and the all-tickets switch. */
export function EditAccessDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const { t } = useI18n();
  const [access, setAccess] = useState<Access>({
    allowedDepartments: user.allowedDepartments,
    allowedCompanies: user.allowedCompanies,
    canViewAllTickets: user.canViewAllTickets,
  });
  const save = useSettingsMutation(setUserAccess, {
    success: { title: t("access.success"), description: t("access.editAccess.done") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.editAccess.failed") }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("access.editAccess.title")}
      description={user.email}
    >
      <AccessFields value={access} onChange={setAccess} />
      <div className="flex justify-end gap-2 pt-4">
        <Button variant="outline" onClick={onClose}>
          {t("ui.cancel")}
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: user.id, access })}>
          {t("access.save")}
        </Button>
      </div>
    </Dialog>
  );
}
