import type { Database } from "bun:sqlite";
import { perConnection, sqliteOf, type DbOrTx } from "../../db/client";
import { memoUntilChange } from "../../db/read-memo";
import { appSettings } from "../../db/schema";
import type { MailSettingsDto } from "../shared/dto";

const KEY = "mail.requester";
/** Every requester e-mail is on until an administrator turns it off. */
const DEFAULT_MAIL_SETTINGS: MailSettingsDto = {
  confirmation: true,
  staffReply: true,
  completed: true,
  burnt: true,
  notifyStaffOnReply: true,
};

// Prepared once per connection: every submission's write makes the memo read it again.
const readSetting = perConnection((client: Database) =>
  client.prepare<{ value: string }, [string]>("SELECT value FROM app_settings WHERE key = ?"),
);

/** The switches of Settings → Email; read on every submission, so kept until the database changes. */
export function getMailSettings(db: DbOrTx): MailSettingsDto {
  return memoUntilChange(db, "settings:mail", () => {
    const [row] = readSetting(sqliteOf(db)).all(KEY);
    const stored = row ? (JSON.parse(row.value) as Partial<MailSettingsDto>) : {};
    return { ...DEFAULT_MAIL_SETTINGS, ...stored };
  });
}

export function saveMailSettings(tx: DbOrTx, value: MailSettingsDto, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: JSON.stringify(value), updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(value), updatedAt: now } })
    .run();
}
