import { useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { createApiToken, revokeApiToken, useApiTokens } from "../lib/queries/api-tokens";
import { useToast } from "../lib/toast";
import { createApiTokenSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { Input, Label } from "../../src/ui/Input";
import { Spinner } from "../../src/ui/Spinner";

/** Personal API tokens: create (the value is shown once), list by name and prefix, revoke. */
export function ApiTokens() {
  const toast = useToast();
  const tokens = useApiTokens();
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [fresh, setFresh] = useState<string | null>(null);
  const failed = (err: unknown) =>
    toast({
      title: "Token not saved",
      description: serverMessage(err, "Please try again."),
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
          <Label htmlFor="token-name">Token name</Label>
          <Input id="token-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex w-32 flex-col gap-1.5">
          <Label htmlFor="token-days">Expires in days</Label>
          <Input id="token-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          Create token
        </Button>
      </form>
      {fresh && (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
          Copy this token now; it will not be shown again. Send it as <code>Authorization: Bearer …</code>
          <code className="mt-2 block break-all font-mono">{fresh}</code>
        </div>
      )}
      {tokens.isLoading ? (
        <Spinner label="Loading..." />
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200" aria-label="API tokens">
          {(tokens.data ?? []).map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {t.name} <code className="text-gray-600">{t.prefix}</code>
                </p>
                <p className="text-gray-600">
                  {t.expiresAt ? `expires ${new Date(t.expiresAt).toLocaleDateString()}` : "no expiry"} ·{" "}
                  {t.lastUsedAt ? `last used ${new Date(t.lastUsedAt).toLocaleString()}` : "never used"}
                </p>
              </div>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(t.id)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
