import type { DbOrTx } from "../../db/client";
import { storedSetting } from "./stored-setting";
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

/** The switches of Settings → Email; read on every submission. */
export const getMailSettings = storedSetting(
  KEY,
  (value): MailSettingsDto => ({
    ...DEFAULT_MAIL_SETTINGS,
    ...(value === null ? {} : (JSON.parse(value) as Partial<MailSettingsDto>)),
  }),
);

export function saveMailSettings(tx: DbOrTx, value: MailSettingsDto, now: Date) {
  tx.insert(appSettings)
    .values({ key: KEY, value: JSON.stringify(value), updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(value), updatedAt: now } })
    .run();
}
