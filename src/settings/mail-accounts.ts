import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";
import { recordAudit, type Actor } from "../audit/audit.service";
import type { Config } from "../config";
import type { ImapAccountInput, SmtpAccountInput } from "../shared/schemas/mail-accounts";
import type { SecretBox } from "./secret-box";
import { storedSetting } from "./stored-setting";

const KEY = "mail.accounts";
type Stored<T> = Omit<T, "password"> & { passwordSealed: string | null };
export type MailAccounts = { smtp: Stored<SmtpAccountInput> | null; imap: Stored<ImapAccountInput> | null };
export type AccountKind = keyof MailAccounts;

/** The accounts as stored, passwords sealed; read by the mail worker and the inbound job on each pass. */
export const readMailAccounts = storedSetting<MailAccounts>(KEY, (value) =>
  value ? (JSON.parse(value) as MailAccounts) : { smtp: null, imap: null },
);

/** Which source wins: the environment's variables always do. */
export function accountSource(config: Config, kind: AccountKind, stored: MailAccounts) {
  const env = kind === "smtp" ? Boolean(config.mail.smtpUrl) : Boolean(config.inbound);
  return env ? "environment" : stored[kind] ? "settings" : "none";
}

/** What the admin screen shows: everything but the passwords, and whether each is set. */
export function mailAccountsView(config: Config, stored: MailAccounts) {
  const view = (kind: AccountKind) => {
    const a = stored[kind];
    const { passwordSealed, ...rest } = a ?? { passwordSealed: null };
    return {
      source: accountSource(config, kind, stored),
      account: a ? rest : null,
      hasPassword: Boolean(passwordSealed),
    };
  };
  return { smtp: view("smtp"), imap: view("imap") };
}

/** Saves one account; an empty password keeps the stored one. Audited without the password's value. */
export function saveMailAccount<K extends AccountKind>(
  tx: DbOrTx,
  input: { box: SecretBox; actor: Actor; now: Date; kind: K; account: SmtpAccountInput | ImapAccountInput },
) {
  const before = readMailAccounts(tx);
  const { password, ...rest } = input.account;
  const kept = before[input.kind]?.passwordSealed ?? null;
  const next = {
    ...before,
    [input.kind]: { ...rest, passwordSealed: password ? input.box.seal(password) : kept },
  };
  const value = JSON.stringify(next);
  tx.insert(appSettings)
    .values({ key: KEY, value, updatedAt: input.now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: input.now } })
    .run();
  recordAudit(
    tx,
    input.actor,
    {
      action: "updated",
      entityType: `mail_account_${input.kind}`,
      newValue: { ...rest, passwordChanged: Boolean(password) },
    },
    input.now,
  );
  return next as MailAccounts;
}

/** A saved account with its password opened, merged with a form's values for a connection test. */
export function withPassword<T extends { password?: string }>(
  box: SecretBox,
  stored: { passwordSealed: string | null } | null,
  form: T,
): T & { password: string } {
  const password = form.password || (stored?.passwordSealed ? box.open(stored.passwordSealed) : "");
  return { ...form, password };
}
