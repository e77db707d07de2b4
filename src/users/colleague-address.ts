import type { AuthUser } from "../shared/dto";

type Viewer = Pick<AuthUser, "id" | "role">;
type Person = { id: number; firstName: string | null; lastName: string | null; email: string };

/**
 * The one rule for sign-in addresses: admins manage users and read them; staff read only their own,
 * so one staff account cannot harvest every colleague's address. `null` viewer: a shared broadcast.
 */
export const readsEveryAddress = (viewer: Viewer | null) => viewer?.role === "admin";
const mayReadAddressOf = (viewer: Viewer | null, ownerId: number | null) =>
  readsEveryAddress(viewer) || (viewer !== null && viewer.id === ownerId);

/** How a person is named to a viewer: their name, else their address where it may be read, else "User #id". */
export const personName = (viewer: Viewer | null, p: Person) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ") ||
  (mayReadAddressOf(viewer, p.id) ? p.email : `User #${p.id}`);

type Authored = { userId: number | null; userEmail: string | null; userName: string | null };

/**
 * A note's or file's author as the viewer may see them. A staff author's address is hidden from other
 * staff, also where it stood in for a missing name; a requester's own address (no user id) stays.
 */
export function authorFor<T extends Authored>(viewer: Viewer | null, row: T): T {
  if (row.userId === null || mayReadAddressOf(viewer, row.userId)) return row;
  const nameIsAddress = row.userName?.includes("@");
  return { ...row, userEmail: null, userName: nameIsAddress ? `User #${row.userId}` : row.userName };
}
