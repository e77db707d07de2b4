import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { changePassword } from "../lib/queries/auth";
import { useToast } from "../lib/toast";
import { changePasswordFormSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { TextField } from "../../src/ui/FormField";
import { useI18n } from "../../src/i18n/react";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const { t, message } = useI18n();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useApiMutation(changePassword, {
    onSuccess: () => {
      setValues(empty);
      toast({ title: t("profile.passwordUpdated"), description: t("profile.passwordUpdatedText") });
    },
    onError: (err) =>
      toast({
        title: t("profile.passwordFailed"),
        description: message(serverMessage(err, t("profile.passwordFailed"))),
        variant: "destructive",
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), message(i.message)])));
      return;
    }
    setErrors({});
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };
  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <TextField
      id={`pw-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name] ?? ""}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {field("currentPassword", t("profile.currentPassword"), "current-password")}
      {field("newPassword", t("profile.newPassword"), "new-password")}
      {field("confirmPassword", t("profile.confirmPassword"), "new-password")}
      <Button type="submit" disabled={change.isPending} className="self-start">
        {t("profile.changePassword")}
      </Button>
    </form>
  );
}
