import { useState, type FormEvent } from "react";
import { fill } from "../lib/fill";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { createApiToken, revokeApiToken, useApiTokens } from "../lib/queries/api-tokens";
import { useToast } from "../lib/toast";
import { createApiTokenSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { Input, Label } from "../../src/ui/Input";
import { Spinner } from "../../src/ui/Spinner";
import { useI18n } from "../../src/i18n/react";

// an HTTP header, the same in every language
const BEARER = "Authorization: Bearer …";

/** Personal API tokens: create (the value is shown once), list by name and prefix, revoke. */
export function ApiTokens() {
  const { t: tr, message, lang } = useI18n();
  const toast = useToast();
  const tokens = useApiTokens();
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [fresh, setFresh] = useState<string | null>(null);
  const failed = (err: unknown) =>
    toast({
      title: tr("profile.tokenFailed"),
      description: message(serverMessage(err, tr("profile.tryAgain"))),
      variant: "destructive",
    });
  const create = useApiMutation(createApiToken, {
    onSuccess: (r) => {
      setFresh(r.token);
      setName("");
      setDays("");
    },
    onError: failed,
  });
  const revoke = useApiMutation(revokeApiToken, { onError: failed });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createApiTokenSchema.safeParse({ name, expiresInDays: days ? Number(days) : undefined });
    if (!parsed.success) return failed(new Error(parsed.error.issues[0]?.message));
    create.mutate(parsed.data);
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="token-name">{tr("profile.tokenName")}</Label>
          <Input id="token-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex w-32 flex-col gap-1.5">
          <Label htmlFor="token-days">{tr("profile.tokenDays")}</Label>
          <Input id="token-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {tr("profile.createToken")}
        </Button>
      </form>
      {fresh && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
          {fill(tr("profile.tokenOnce", { header: "{header}" }), {
            header: <code>{BEARER}</code>,
          })}
          <code className="mt-2 block break-all font-mono">{fresh}</code>
        </div>
      )}
      {tokens.isLoading ? (
        <Spinner label={tr("profile.loading")} />
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200" aria-label={tr("profile.tokens")}>
          {(tokens.data ?? []).map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {t.name} <code className="text-gray-600">{t.prefix}</code>
                </p>
                <p className="text-gray-600">
                  {t.expiresAt
                    ? tr("profile.expires", { date: new Date(t.expiresAt).toLocaleDateString(lang) })
                    : tr("profile.noExpiry")}{" "}
                  ·{" "}
                  {t.lastUsedAt
                    ? tr("profile.lastUsed", { when: new Date(t.lastUsedAt).toLocaleString(lang) })
                    : tr("profile.neverUsed")}
                </p>
              </div>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(t.id)}>
                {tr("profile.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
