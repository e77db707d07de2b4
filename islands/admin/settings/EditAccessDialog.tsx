import { useState } from "react";
import type { UserDto } from "../../../src/shared/dto";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { AccessFields, type Access } from "./AccessFields";
import { useSettingsMutation } from "./use-settings-mutation";
import { setUserAccess } from "../../lib/queries/users";

/** Edit Access (staff only): departments, companies and the all-tickets switch. */
export function EditAccessDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const [access, setAccess] = useState<Access>({
    allowedDepartments: user.allowedDepartments,
    allowedCompanies: user.allowedCompanies,
    canViewAllTickets: user.canViewAllTickets,
  });
  const save = useSettingsMutation(setUserAccess, {
    success: { title: "Success", description: "User access updated successfully" },
    failure: (m) => ({ title: "Error", description: m ?? "Failed to update user access" }),
    onSuccess: onClose,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Edit Access" description={user.email}>
      <AccessFields value={access} onChange={setAccess} />
      <div className="flex justify-end gap-2 pt-4">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: user.id, access })}>
          Save
        </Button>
      </div>
    </Dialog>
  );
}
