import { type FormEvent, useEffect, useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverMessage } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import { SIGNATURE_MAX_CHARS, signatureSchema } from "../../src/shared/schemas/signature";
import { Button } from "../../src/ui/Button";
import { FieldError, Label, Textarea } from "../../src/ui/Input";
import { useI18n } from "../../src/i18n/react";

/** Profile: the plain-text signature added under the user's replies in the requester's e-mail. */
export function SignatureForm() {
  const id = useId();
  const { t, message } = useI18n();
  const toast = useToast();
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: queryKeys.signature,
    queryFn: () => api.get<{ signature: string }>("/api/auth/signature"),
  });
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(saved.data?.signature ?? ""), [saved.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = signatureSchema.safeParse({ signature: value });
    if (!parsed.success) return setError(parsed.error.issues[0] && message(parsed.error.issues[0].message));
    setError(undefined);
    setBusy(true);
    try {
      await api.put("/api/auth/signature", parsed.data);
      await client.invalidateQueries({ queryKey: queryKeys.signature });
      toast({ title: t("profile.signatureSaved") });
    } catch (err) {
      setError(message(serverMessage(err, t("profile.signatureFailed"))));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-6 flex flex-col gap-1.5 border-t border-gray-200 pt-4"
    >
      <Label htmlFor={id}>{t("profile.signature")}</Label>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {t("profile.signatureHint", { max: SIGNATURE_MAX_CHARS })}
      </p>
      <Textarea
        id={id}
        rows={3}
        value={value}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={Boolean(error)}
        onChange={(e) => setValue(e.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
      <Button type="submit" className="self-start" disabled={busy || saved.isPending}>
        {t("profile.saveSignature")}
      </Button>
    </form>
  );
}
