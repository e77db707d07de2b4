import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { updateProfile } from "../lib/queries/auth";
import { useToast } from "../lib/toast";
import { updateProfileSchema, type UpdateProfileInput } from "../../src/shared/schemas/auth";
import type { AuthUser } from "../../src/shared/dto";
import { Button } from "../../src/ui/Button";
import { FieldError, Input, Label } from "../../src/ui/Input";
import { useI18n } from "../../src/i18n/react";

/** The Profile Information tab: First Name, Last Name, Email Address, 'Update Profile'; a new e-mail asks for the password. */
export function ProfileInfoForm({ user }: { user: AuthUser }) {
  const { t, message } = useI18n();
  const toast = useToast();
  const [values, setValues] = useState<UpdateProfileInput>({
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useApiMutation(updateProfile, {
    onSuccess: () => {
      setValues((v) => ({ ...v, currentPassword: undefined }));
      toast({
        title: t("profile.updated"),
        description: t("profile.updatedText"),
      });
    },
    onError: (err) =>
      toast({
        title: t("profile.updateFailed"),
        description: message(serverMessage(err, t("profile.updateFailed"))),
        variant: "destructive",
      }),
  });
  const emailChanged = values.email.trim().toLowerCase() !== user.email;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success)
      return setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), message(i.message)])),
      );
    const { currentPassword, ...rest } = parsed.data;
    if (emailChanged && !currentPassword) return setErrors({ currentPassword: t("profile.needsPassword") });
    setErrors({});
    update.mutate(emailChanged ? { ...rest, currentPassword } : rest);
  };
  const field = (name: keyof UpdateProfileInput, label: string, type: string, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`profile-${name}`} required>
        {label}
      </Label>
      <Input
        id={`profile-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={values[name] ?? ""}
        aria-invalid={!!errors[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      <FieldError message={errors[name]} />
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("firstName", t("profile.firstName"), "text", "given-name")}
        {field("lastName", t("profile.lastName"), "text", "family-name")}
      </div>
      {field("email", t("profile.email"), "email", "email")}
      {emailChanged && field("currentPassword", t("profile.currentPassword"), "password", "current-password")}
      <Button type="submit" disabled={update.isPending} className="self-start">
        {t("profile.update")}
      </Button>
    </form>
  );
}
