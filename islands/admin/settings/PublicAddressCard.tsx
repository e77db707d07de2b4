import { useEffect, useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { FieldError, Input, Label } from "../../../src/ui/Input";
import { publicAddressSchema } from "../../../src/shared/schemas/public-address";
import { setPublicAddress, usePublicAddress } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the address links in e-mails start with; read-only when PUBLIC_URL sets it. */
export function PublicAddressCard() {
  const id = useId();
  const address = usePublicAddress();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => setValue(address.data?.publicUrl ?? ""), [address.data?.publicUrl]);
  const save = useSettingsMutation(setPublicAddress, {
    success: (r) => ({ title: `Public address saved: ${r.publicUrl}` }),
    failure: (m) => ({ title: "Failed to save the address", description: m ?? undefined }),
  });
  const locked = address.data?.setByEnvironment ?? false;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = publicAddressSchema.safeParse({ publicUrl: value });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Card data-testid="public-address">
      <CardHeader>
        <CardTitle level={2}>Public Address</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={`${id}-url`}>The address people open the help desk at</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-url`}
              className="min-w-0 flex-1"
              value={value}
              placeholder="https://help.example.com"
              disabled={locked || !address.data}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            {!locked && (
              <Button type="submit" disabled={save.isPending || !address.data}>
                Save
              </Button>
            )}
          </div>
          <FieldError id={`${id}-err`} message={error} />
          <p className="text-sm text-gray-700">Links in e-mails start with this address.</p>
          {locked && (
            <p className="text-sm font-medium text-amber-800">
              Set by the server&apos;s environment (PUBLIC_URL); change it there.
            </p>
          )}
          {(address.data?.heldMail ?? 0) > 0 && (
            <p className="text-sm font-medium text-amber-800">
              {address.data?.heldMail} e-mail(s) with a link are held until the address is set.
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
