import { z } from "zod";
import { PASSWORD_MIN } from "../constants";
import { emailField } from "./email";
import { oneLine } from "./one-line";

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The password re-entered before an account-security action. */
export const confirmPasswordSchema = loginSchema.pick({ password: true });

export const updateProfileSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name is too long")
    .check(oneLine("First name")),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name is too long")
    .check(oneLine("Last name")),
  email: emailField,
  /** Required by the server only when the e-mail changes. */
  currentPassword: z.string().max(1024, "Password is too long").optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(1024, "Password is too long"),
  newPassword: z
    .string({ error: "Password must be at least 6 characters long" })
    .min(PASSWORD_MIN, "Password must be at least 6 characters long")
    .max(1024, "Password is too long"),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const newPasswordField = z
  .string({ error: "Password must be at least 6 characters long" })
  .min(PASSWORD_MIN, "Password must be at least 6 characters long")
  .max(1024, "Password is too long");

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: "The reset link is incomplete" }).min(1, "The reset link is incomplete").max(100),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const temporaryPasswordSchema = z.object({ password: newPasswordField });

export const sessionHandleParam = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, "Unknown session"),
});

/** "Sign out everywhere", optionally keeping the session that asks. */
export const revokeAllSchema = z.object({ keepCurrent: z.boolean().optional() });

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long")
    .check(oneLine("Name")),
  expiresInDays: z
    .number()
    .int()
    .min(1, "Expiry must be 1 to 3650 days")
    .max(3650, "Expiry must be 1 to 3650 days")
    .optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** Browser-only form: the confirmation must match ('New passwords do not match'). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "New passwords do not match",
    path: ["confirmPassword"],
  });
