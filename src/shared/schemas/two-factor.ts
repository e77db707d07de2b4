import { z } from "zod";

const CODE_REQUIRED = "Enter the code from your authenticator app";
/** A 6-digit code or a recovery code (`xxxxx-xxxxx`); which one is told apart by the server. */
const codeField = z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(32, "Code is too long");

export const secondFactorSchema = z.object({
  challenge: z.string({ error: "Please sign in again" }).min(1, "Please sign in again").max(100),
  code: codeField,
});
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

export const confirmTwoFactorSchema = z.object({
  code: z
    .string({ error: CODE_REQUIRED })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;

export const disableTwoFactorSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
  code: codeField,
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

export const twoFactorPolicySchema = z.object({
  required: z.boolean({ error: "required must be true or false" }),
});
