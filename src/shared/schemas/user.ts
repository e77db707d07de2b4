import { z } from "zod";
import { PASSWORD_MIN, ROLES } from "../constants";
import { emailField } from "./email";
import { oneLine } from "./one-line";

const nameList = z
  .array(z.string().trim().min(1).max(100).check(oneLine("Name")))
  .max(200)
  .default([]);

export const createUserSchema = z.object({
  email: emailField,
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
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .min(PASSWORD_MIN, "Password must be at least 6 characters")
    .max(1024, "Password is too long")
    // without a password the user is invited and chooses their own
    .optional(),
  // Least privilege: new users are staff unless made admin.
  role: z.enum(ROLES, { error: "Role must be admin or staff" }).default("staff"),
  allowedDepartments: nameList,
  allowedCompanies: nameList,
  canViewAllTickets: z.boolean().default(false),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserStatusSchema = z.object({
  status: z.enum(["active", "suspended"], { error: "Status must be active or suspended" }),
});
export const updateUserRoleSchema = z.object({
  role: z.enum(ROLES, { error: "Role must be admin or staff" }),
});
export const updateUserAccessSchema = z.object({
  allowedDepartments: nameList,
  allowedCompanies: nameList,
  canViewAllTickets: z.boolean().default(false),
});
export type UpdateUserAccessInput = z.infer<typeof updateUserAccessSchema>;
