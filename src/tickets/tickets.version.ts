import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users, type TicketRow } from "../../db/schema";
import { staleWrite } from "../errors/domain-error";
import { toAdminTicket } from "./tickets.dto";
import type { AuthUser } from "../shared/dto";
import { personName } from "../users/colleague-address";

/**
 * Refuses a write made from an older view of the ticket: the answer carries the ticket as it is now
 * and who changed it last, so the person can see what happened and apply their change again.
 * Without an expected version the write goes through as before.
 */
export function assertFresh(
  tx: DbOrTx,
  current: TicketRow,
  expected: number | undefined,
  viewer: Pick<AuthUser, "id" | "role">,
) {
  if (expected === undefined || expected === current.version) return;
  throw staleWrite({ ticket: toAdminTicket(current), changedBy: changedBy(tx, current, viewer) });
}

function changedBy(tx: DbOrTx, t: TicketRow, viewer: Pick<AuthUser, "id" | "role">) {
  if (t.updatedBy === null) return null;
  const u = tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, t.updatedBy))
    .get();
  if (!u) return null;
  return { id: u.id, name: personName(viewer, u), at: t.updatedAt.toISOString() };
}
