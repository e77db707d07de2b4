import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import type { InboundStatusDto } from "../shared/dto";

const KEY = "inbound.status";
const NONE: InboundStatusDto = { lastPollAt: null, lastError: null, lastErrorAt: null, processed: 0 };

/** The reader's last poll, kept in the database so every server process and the Email tab see the same. */
export function getInboundStatus(db: DbOrTx): InboundStatusDto {
  const row = db.select().from(appSettings).where(eq(appSettings.key, KEY)).get();
  return row ? { ...NONE, ...(JSON.parse(row.value) as Partial<InboundStatusDto>) } : NONE;
}

export function saveInboundStatus(db: DbOrTx, status: InboundStatusDto, now: Date) {
  const value = JSON.stringify(status);
  db.insert(appSettings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } })
    .run();
}
