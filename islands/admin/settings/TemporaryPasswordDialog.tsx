import { useState, type FormEvent } from "react";
import type { UserDto } from "../../../src/shared/dto";
import { temporaryPasswordSchema } from "../../../src/shared/schemas/auth";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { TextField } from "../../../src/ui/FormField";
import { useSettingsMutation } from "./use-settings-mutation";
import { setTemporaryPassword } from "../../lib/queries/users";
import { useI18n } from "../../../src/i18n/react";

/** A password the user must change at next sign-in; their sessions end at once. */
export function TemporaryPasswordDialog({ user, onClose }: { user: UserDto; onClose: () => void }) {
  const { t, message } = useI18n();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const save = useSettingsMutation(setTemporaryPassword, {
    success: { title: t("access.success"), description: t("access.temp.done") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.temp.failed") }),
    onSuccess: onClose,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = temporaryPasswordSchema.safeParse({ password });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? ""));
    setError(undefined);
    save.mutate({ id: user.id, password: parsed.data.password });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("access.temp.title")}
      description={user.email}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          id="temporary-password"
          label={t("access.temp.label")}
          type="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t("ui.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t("access.temp.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
