import { type FormEvent, useEffect, useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverMessage } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import { SIGNATURE_MAX_CHARS, signatureSchema } from "../../src/shared/schemas/signature";
import { Button } from "../../src/ui/Button";
import { FieldError, Label, Textarea } from "../../src/ui/Input";

/** Profile: the plain-text signature added under the user's replies in the requester's e-mail. */
export function SignatureForm() {
  const id = useId();
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
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await api.put("/api/auth/signature", parsed.data);
      await client.invalidateQueries({ queryKey: queryKeys.signature });
      toast({ title: "Signature saved" });
    } catch (err) {
      setError(serverMessage(err, "Failed to save the signature"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-6 flex flex-col gap-1.5 border-t border-gray-200 pt-4"
    >
      <Label htmlFor={id}>Reply signature</Label>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        Added under your replies in the requester's e-mail (not under internal notes). Plain text, up to{" "}
        {SIGNATURE_MAX_CHARS} characters.
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
        Save signature
      </Button>
    </form>
  );
}
