import type { WriteCtx } from "../deps";
import { badRequest } from "../errors/domain-error";
import type { ImapAccountInput, SmtpAccountInput } from "../shared/schemas/mail-accounts";
import {
  accountSource,
  type AccountKind,
  mailAccountsView,
  readMailAccounts,
  saveMailAccount,
  withPassword,
} from "./mail-accounts";
import { testImap, testSmtp } from "./mail-connection-test";

type Account = SmtpAccountInput | ImapAccountInput;

const refuseEnv = (ctx: Pick<WriteCtx, "deps">, kind: AccountKind) => {
  if (accountSource(ctx.deps.config, kind, readMailAccounts(ctx.deps.db)) === "environment")
    throw badRequest("This account is set by the server's environment and cannot be changed here.");
};

/** Saves an account from Settings → Email; the environment's account, when set, stays in charge. */
export function updateMailAccount(ctx: WriteCtx, kind: AccountKind, account: Account) {
  refuseEnv(ctx, kind);
  const saved = ctx.deps.db.transaction((tx) =>
    saveMailAccount(tx, { box: ctx.deps.secrets, actor: ctx.actor, now: ctx.now, kind, account }),
  );
  ctx.deps.wakeMailer();
  return mailAccountsView(ctx.deps.config, saved);
}

/** "Test connection" with the form's values; a password left empty means the saved one. */
export function testMailAccount(
  ctx: Pick<WriteCtx, "deps">,
  kind: AccountKind,
  account: Account,
  to: string,
) {
  refuseEnv(ctx, kind);
  const stored = readMailAccounts(ctx.deps.db)[kind];
  return kind === "smtp"
    ? testSmtp(withPassword(ctx.deps.secrets, stored, account as SmtpAccountInput), to)
    : testImap(withPassword(ctx.deps.secrets, stored, account as ImapAccountInput));
}
