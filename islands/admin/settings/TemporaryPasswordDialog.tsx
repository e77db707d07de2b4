import { useState, type FormEvent } from "react";
import type { UserDto } from "../../../src/shared/dto";
import { temporaryPasswordSchema } from "../../../src/shared/schemas/auth";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { TextField } from "../../../src/ui/FormField";
import { useSettingsMutation } from "./use-settings-mutation";
import { setTemporaryPassword } from "../../lib/queries/users";

/** A password the user must change at next sign-in; their sessions end at once. */
export function TemporaryPasswordDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const save = useSettingsMutation(setTemporaryPassword, {
    success: { title: "Success", description: "Temporary password set; it must be changed at next sign-in" },
    failure: (m) => ({ title: "Error", description: m ?? "Failed to set the temporary password" }),
    onSuccess: onClose,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = temporaryPasswordSchema.safeParse({ password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate({ id: user.id, password: parsed.data.password });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Set Temporary Password"
      description={user.email}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          id="temporary-password"
          label="Temporary password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Set Password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
