import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import type { DbWriteCtx } from "../deps";

/** The signature under a staff member's replies; "" for none. */
export const signatureOf = (db: DbOrTx, userId: number | null): string =>
  userId === null
    ? ""
    : (db.select({ s: users.signature }).from(users).where(eq(users.id, userId)).get()?.s ?? "");

/** Profile: sets the signed-in user's own signature; an empty one removes it. */
export function setUserSignature({
  db,
  now,
  userId,
  signature,
}: DbWriteCtx & { userId: number; signature: string }) {
  db.update(users)
    .set({ signature: signature || null, updatedAt: now })
    .where(eq(users.id, userId))
    .run();
  return { signature };
}
