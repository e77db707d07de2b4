import { Button } from "../../src/ui/Button";
import { setPublicAddress, usePublicAddress } from "../lib/queries/portal-settings";
import { useSettingsMutation } from "./settings/use-settings-mutation";

/**
 * For admins while no public address is known: e-mails with links are held, and the address this page
 * was opened at is proposed, saved with one click.
 */
export function PublicAddressBanner() {
  const address = usePublicAddress();
  const save = useSettingsMutation(setPublicAddress, {
    success: (r) => ({ title: `Public address saved: ${r.publicUrl}` }),
    failure: (m) => ({ title: "Failed to save the address", description: m ?? undefined }),
  });
  if (!address.data || address.data.publicUrl) return null;
  const here = typeof window === "undefined" ? "" : window.location.origin;
  const held = address.data.heldMail;
  return (
    <div role="status" data-testid="public-address-banner" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-amber-900">
        <p className="min-w-0 flex-1">
          E-mails with links are held until the help desk&apos;s public address is set
          {held > 0 ? ` (${held} waiting)` : ""}. Is it {here}?
        </p>
        {here && (
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate({ publicUrl: here })}>
            Use {here}
          </Button>
        )}
      </div>
    </div>
  );
}
