import type { UserRow } from "../../db/schema";
import type { AuthUser } from "../shared/dto";

/**
 * The only way a user row leaves the server: never the password hash. `twoFactorRequired` is the
 * setting that makes every signed-in person set up a second factor.
 */
export function toUserDto(u: UserRow, twoFactorRequired = false): AuthUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    status: u.status,
    allowedDepartments: u.allowedDepartments ?? [],
    allowedCompanies: u.allowedCompanies ?? [],
    canViewAllTickets: u.canViewAllTickets,
    mustChangePassword: u.mustChangePassword,
    twoFactorEnabled: u.twoFactorEnabled,
    mustEnrolTwoFactor: twoFactorRequired && !u.twoFactorEnabled,
    invitedAt: u.invitedAt?.toISOString() ?? null,
    language: u.language,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
