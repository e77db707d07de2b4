import { Hono } from "hono";
import type { AppEnv } from "../../src/http/env";
import { requireAdmin } from "../../src/http/auth";
import { dbWriteCtx } from "../../src/http/write-ctx";
import { validate } from "../../src/http/validate";
import { mailSettingsSchema, testMailSchema } from "../../src/shared/schemas/mail-settings";
import { getMailSettings } from "../../src/settings/mail-settings";
import { backupHealth } from "../../src/backup-status";
import { replicationHealth } from "../../src/replication/replication-status";
import {
  mailHealth,
  queueTestMail,
  retryFailedMail,
  updateMailSettings,
} from "../../src/mail/mail-admin.service";
import { noBody } from "../../src/http/openapi/describe";
import { imapAccountSchema, smtpAccountSchema } from "../../src/shared/schemas/mail-accounts";
import { mailAccountsView, readMailAccounts } from "../../src/settings/mail-accounts";
import { testMailAccount, updateMailAccount } from "../../src/settings/mail-accounts.service";
import { writeCtx } from "../../src/http/write-ctx";
import { currentInbound, currentSmtp } from "../../src/settings/mail-transport";
import { publicUrlOf } from "../../src/settings/public-address";

/** Settings → Email: which mails go to requesters, the health of mail in and out (and of backups), test and retry. */
export const adminMailApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/settings", (c) => c.json(getMailSettings(c.get("deps").db)))
  .put("/settings", validate("json", mailSettingsSchema), (c) =>
    c.json(updateMailSettings({ ...dbWriteCtx(c), input: c.req.valid("json") })),
  )
  .get("/health", (c) => {
    const deps = c.get("deps");
    const { config, db, now } = deps;
    const configured = {
      smtpConfigured: Boolean(currentSmtp(deps)),
      inboundConfigured: Boolean(currentInbound(deps)),
      hasPublicUrl: Boolean(publicUrlOf(deps)),
    };
    const mail = mailHealth(db, configured, now());
    // backups share this panel: the one place an administrator already looks for background work
    return c.json({
      ...mail,
      backup: backupHealth(config, now()),
      replication: replicationHealth(config, now()),
    });
  })
  .post("/test", validate("json", testMailSchema), (c) => {
    const to = c.req.valid("json").to ?? c.get("user")!.email;
    queueTestMail({ ...dbWriteCtx(c), to });
    c.get("deps").wakeMailer();
    return c.json({ message: `A test e-mail was queued for ${to}` }, 202);
  })
  .get("/accounts", (c) => {
    const { config, db } = c.get("deps");
    return c.json(mailAccountsView(config, readMailAccounts(db)));
  })
  .put("/accounts/smtp", validate("json", smtpAccountSchema), (c) =>
    c.json(updateMailAccount(writeCtx(c), "smtp", c.req.valid("json"))),
  )
  .put("/accounts/imap", validate("json", imapAccountSchema), (c) =>
    c.json(updateMailAccount(writeCtx(c), "imap", c.req.valid("json"))),
  )
  .post("/accounts/smtp/test", validate("json", smtpAccountSchema), async (c) =>
    c.json(await testMailAccount(writeCtx(c), "smtp", c.req.valid("json"), c.get("user")!.email)),
  )
  .post("/accounts/imap/test", validate("json", imapAccountSchema), async (c) =>
    c.json(await testMailAccount(writeCtx(c), "imap", c.req.valid("json"), c.get("user")!.email)),
  )
  .post("/retry-failed", noBody(), (c) => {
    const count = retryFailedMail(dbWriteCtx(c));
    c.get("deps").wakeMailer();
    return c.json({ message: `${count} failed e-mail(s) queued again`, count });
  });
