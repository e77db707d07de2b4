import { useState, type FormEvent } from "react";
import { useToast } from "../../lib/toast";
import type { Role } from "../../../src/shared/constants";
import { createUserSchema } from "../../../src/shared/schemas/user";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { FieldError, Input, Label, NativeSelect } from "../../../src/ui/Input";
import { AccessFields, type Access } from "./AccessFields";
import { useSettingsMutation } from "./use-settings-mutation";
import { createUser } from "../../lib/queries/users";
import { useI18n } from "../../../src/i18n/react";

const EMPTY = { email: "", firstName: "", lastName: "", password: "" };
const NO_ACCESS: Access = { allowedDepartments: [], allowedCompanies: [], canViewAllTickets: false };
const FIELDS = [
  ["email", "access.add.email", "email"],
  ["firstName", "access.add.firstName", "text"],
  ["lastName", "access.add.lastName", "text"],
  ["password", "access.add.password", "password"],
] as const;

/** Create is disabled while a field is empty; the role starts as staff; access is set for staff only. */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const toast = useToast();
  const { t, message } = useI18n();
  const [form, setForm] = useState(EMPTY);
  const [role, setRole] = useState<Role>("staff");
  const [access, setAccess] = useState<Access>(NO_ACCESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = () => {
    setForm(EMPTY);
    setRole("staff");
    setAccess(NO_ACCESS);
    setErrors({});
  };
  const create = useSettingsMutation(createUser, {
    success: { title: t("access.success"), description: t("access.add.created") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.add.failed") }),
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
  });
  // without a password the user gets an invitation link and chooses their own
  const missing = [form.email, form.firstName, form.lastName].some((v) => !v.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missing)
      return toast({
        title: t("access.error"),
        description: t("access.required"),
        variant: "destructive",
      });
    const body = { ...form, password: form.password || undefined, role, ...(role === "staff" ? access : {}) };
    const parsed = createUserSchema.safeParse(body);
    if (!parsed.success)
      return setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), message(i.message)])),
      );
    setErrors({});
    create.mutate(body);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title={t("access.add.title")}
      description={t("access.add.text")}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        {FIELDS.map(([key, label, type]) => (
          <div key={key} className="space-y-1">
            <Label htmlFor={`new-user-${key}`} required={key !== "password"}>
              {t(label)}
            </Label>
            <Input
              id={`new-user-${key}`}
              type={type}
              value={form[key]}
              aria-invalid={!!errors[key]}
              autoComplete={type === "password" ? "new-password" : "off"}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            />
            <FieldError message={errors[key]} />
          </div>
        ))}
        <div className="space-y-1">
          <Label htmlFor="new-user-role">{t("access.role")}</Label>
          <NativeSelect id="new-user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="staff">{t("access.role.staff")}</option>
            <option value="admin">{t("access.role.admin")}</option>
          </NativeSelect>
        </div>
        {role === "staff" && <AccessFields value={access} onChange={setAccess} />}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("ui.cancel")}
          </Button>
          <Button type="submit" disabled={missing || create.isPending}>
            {create.isPending ? t("access.add.creating") : t("access.add.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
