import type { AuthUser } from "../shared/dto";

/** How a staff member signs their notes and files: their name, else their e-mail when they have none. */
export const staffAuthor = (user: Pick<AuthUser, "id" | "email" | "firstName" | "lastName">) => ({
  userId: user.id,
  userEmail: user.email,
  userName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
});
