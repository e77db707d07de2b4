import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { TextField } from "../../../src/ui/FormField";
import { useApiMutation } from "../../lib/queries/mutation";
import {
  type ConnectionResult,
  saveMailAccount,
  testMailAccount,
  useMailAccounts,
} from "../../lib/queries/mail";
import { useSettingsMutation } from "./use-settings-mutation";
import { useI18n } from "../../../src/i18n/react";

type Kind = "smtp" | "imap";
type Field =
  | "host"
  | "port"
  | "security"
  | "user"
  | "password"
  | "fromName"
  | "fromAddress"
  | "replyTo"
  | "folder"
  | "pollSeconds";
/** Each account's fields in order, with their input type when it is not text; labels are `mail.account.<field>`. */
const FIELDS: Record<Kind, [Field, string?][]> = {
  smtp: [
    ["host"],
    ["port", "number"],
    ["security"],
    ["user"],
    ["password", "password"],
    ["fromName"],
    ["fromAddress", "email"],
    ["replyTo", "email"],
  ],
  imap: [
    ["host"],
    ["port", "number"],
    ["user"],
    ["password", "password"],
    ["folder"],
    ["pollSeconds", "number"],
  ],
};
const DEFAULTS: Record<Kind, Record<string, unknown>> = {
  smtp: { port: 587, security: "starttls", fromName: "Helpdesk" },
  imap: { port: 993, tls: true, folder: "INBOX", pollSeconds: 60, createTickets: false },
};

/** One account: its fields, Save, and "Test connection" naming the step that failed. */
function AccountForm({ kind }: { kind: Kind }) {
  const id = useId();
  const { t, message } = useI18n();
  const accounts = useMailAccounts();
  const view = accounts.data?.[kind];
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const save = useSettingsMutation(saveMailAccount, {
    success: { title: t("mail.account.saved") },
    failure: (m) => ({ title: t("mail.account.saveFailed"), description: m ?? undefined }),
  });
  const test = useApiMutation(testMailAccount, { onSuccess: (r) => setResult(r) });
  if (!view) return null;
  const values = draft ?? { ...DEFAULTS[kind], ...(view.account ?? {}) };
  const set = (key: string, value: unknown) => setDraft({ ...values, [key]: value });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-medium text-gray-900">
        {t(`mail.account.${kind}`)}
      </h3>
      {view.source === "environment" ? (
        <p className="text-sm text-gray-700">{t("mail.account.environment")}</p>
      ) : (
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ kind, body: values }, { onSuccess: () => setDraft(null) });
          }}
        >
          {FIELDS[kind].map(([key, type]) => (
            <TextField
              key={key}
              id={`${id}-${key}`}
              label={t(`mail.account.${key}`)}
              type={type ?? "text"}
              autoComplete={type === "password" ? "new-password" : "off"}
              placeholder={type === "password" && view.hasPassword ? t("mail.account.keep") : undefined}
              value={String(values[key] ?? "")}
              onChange={(e) => set(key, type === "number" ? Number(e.target.value) : e.target.value)}
            />
          ))}
          {kind === "imap" && (
            <div className="flex flex-col gap-2 text-sm text-gray-800">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={Boolean(values.tls)}
                  onChange={(e) => set("tls", e.target.checked)}
                />
                {t("mail.account.tls")}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={Boolean(values.createTickets)}
                  onChange={(e) => set("createTickets", e.target.checked)}
                />
                {t("mail.account.createTickets")}
              </label>
            </div>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {t("mail.save")}
            </Button>
            <Button
              variant="outline"
              disabled={test.isPending}
              onClick={() => test.mutate({ kind, body: values })}
            >
              {test.isPending ? t("mail.account.testing") : t("mail.account.test")}
            </Button>
          </div>
          {result && (
            <p role="status" className={result.ok ? "text-sm text-green-800" : "text-sm text-red-800"}>
              {message(result.message)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** Outgoing and incoming mail accounts, edited here unless the server's environment sets them. */
export function MailAccountsPanel() {
  const { t } = useI18n();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("mail.account.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <AccountForm kind="smtp" />
        <AccountForm kind="imap" />
      </CardContent>
    </Card>
  );
}
