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

type Kind = "smtp" | "imap";
const FIELDS: Record<Kind, [string, string, string?][]> = {
  smtp: [
    ["host", "Host"],
    ["port", "Port", "number"],
    ["security", "Security (tls, starttls or none)"],
    ["user", "User"],
    ["password", "Password", "password"],
    ["fromName", "From name"],
    ["fromAddress", "From address", "email"],
    ["replyTo", "Reply-to", "email"],
  ],
  imap: [
    ["host", "Host"],
    ["port", "Port", "number"],
    ["user", "User"],
    ["password", "Password", "password"],
    ["folder", "Folder"],
    ["pollSeconds", "Poll every (seconds)", "number"],
  ],
};
const DEFAULTS: Record<Kind, Record<string, unknown>> = {
  smtp: { port: 587, security: "starttls", fromName: "Helpdesk" },
  imap: { port: 993, tls: true, folder: "INBOX", pollSeconds: 60, createTickets: false },
};

/** One account: its fields, Save, and "Test connection" naming the step that failed. */
function AccountForm({ kind, title }: { kind: Kind; title: string }) {
  const id = useId();
  const accounts = useMailAccounts();
  const view = accounts.data?.[kind];
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const save = useSettingsMutation(saveMailAccount, {
    success: { title: "Email account saved" },
    failure: (m) => ({ title: "Failed to save the email account", description: m ?? undefined }),
  });
  const test = useApiMutation(testMailAccount, { onSuccess: (r) => setResult(r) });
  if (!view) return null;
  const values = draft ?? { ...DEFAULTS[kind], ...(view.account ?? {}) };
  const set = (key: string, value: unknown) => setDraft({ ...values, [key]: value });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-medium text-gray-900">
        {title}
      </h3>
      {view.source === "environment" ? (
        <p className="text-sm text-gray-700">Set by the server's environment.</p>
      ) : (
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ kind, body: values }, { onSuccess: () => setDraft(null) });
          }}
        >
          {FIELDS[kind].map(([key, label, type]) => (
            <TextField
              key={key}
              id={`${id}-${key}`}
              label={label}
              type={type ?? "text"}
              autoComplete={type === "password" ? "new-password" : "off"}
              placeholder={
                type === "password" && view.hasPassword ? "Saved — leave empty to keep" : undefined
              }
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
                Use TLS
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={Boolean(values.createTickets)}
                  onChange={(e) => set("createTickets", e.target.checked)}
                />
                Create tickets from new mail
              </label>
            </div>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
            <Button
              variant="outline"
              disabled={test.isPending}
              onClick={() => test.mutate({ kind, body: values })}
            >
              {test.isPending ? "Testing…" : "Test connection"}
            </Button>
          </div>
          {result && (
            <p role="status" className={result.ok ? "text-sm text-green-800" : "text-sm text-red-800"}>
              {result.message}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** Outgoing and incoming mail accounts, edited here unless the server's environment sets them. */
export function MailAccountsPanel() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Accounts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <AccountForm kind="smtp" title="Outgoing mail (SMTP)" />
        <AccountForm kind="imap" title="Incoming mail (IMAP)" />
      </CardContent>
    </Card>
  );
}
