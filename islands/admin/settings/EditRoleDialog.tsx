import { useState } from "react";
import type { UserDto } from "../../../src/shared/dto";
import type { Role } from "../../../src/shared/constants";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { Label, NativeSelect } from "../../../src/ui/Input";
import { useSettingsMutation } from "./use-settings-mutation";
import { setUserRole } from "../../lib/queries/users";

/** Edit Role: admin 'Full Access', staff 'Limited Access'. */
export function EditRoleDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const save = useSettingsMutation(setUserRole, {
    success: { title: "Success", description: "User role updated successfully" },
    failure: (m) => ({ title: "Error", description: m ?? "Failed to update user role" }),
    onSuccess: onClose,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Edit Role" description={user.email}>
      <div className="space-y-1">
        <Label htmlFor="edit-role">Role</Label>
        <NativeSelect id="edit-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option value="admin">Admin (Full Access)</option>
          <option value="staff">Staff (Limited Access)</option>
        </NativeSelect>
      </div>
      <div className="flex justify-end gap-2 pt-4">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: user.id, role })}>
          Save
        </Button>
      </div>
    </Dialog>
  );
}
