import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { changePassword } from "../lib/queries/auth";
import { useToast } from "../lib/toast";
import { changePasswordFormSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { TextField } from "../../src/ui/FormField";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useApiMutation(changePassword, {
    onSuccess: () => {
      setValues(empty);
      toast({ title: "Password updated", description: "Your password has been changed successfully." });
    },
    onError: (err) =>
      toast({
        title: "Password update failed",
        description: serverMessage(err, "Password update failed"),
        variant: "destructive",
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
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
      {field("currentPassword", "Current Password", "current-password")}
      {field("newPassword", "New Password", "new-password")}
      {field("confirmPassword", "Confirm New Password", "new-password")}
      <Button type="submit" disabled={change.isPending} className="self-start">
        Change Password
      </Button>
    </form>
  );
}
