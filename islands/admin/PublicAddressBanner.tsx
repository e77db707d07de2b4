import { Button } from "../../src/ui/Button";
import { setPublicAddress, usePublicAddress } from "../lib/queries/portal-settings";
import { useSettingsMutation } from "./settings/use-settings-mutation";
import { useI18n } from "../../src/i18n/react";

/**
 * For admins while no public address is known: e-mails with links are held, and the address this page
 * was opened at is proposed, saved with one click.
 */
export function PublicAddressBanner() {
  const address = usePublicAddress();
  const { t } = useI18n();
  const save = useSettingsMutation(setPublicAddress, {
    success: (r) => ({ title: t("address.saved", { url: r.publicUrl ?? "" }) }),
    failure: (m) => ({ title: t("address.failed"), description: m ?? undefined }),
  });
  if (!address.data || address.data.publicUrl) return null;
  const here = typeof window === "undefined" ? "" : window.location.origin;
  const held = address.data.heldMail;
  return (
    <div role="status" data-testid="public-address-banner" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-amber-900">
        <p className="min-w-0 flex-1">
          {held > 0 ? t("address.heldWaiting", { count: held, here }) : t("address.held", { here })}
        </p>
        {here && (
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate({ publicUrl: here })}>
            {t("address.use", { here })}
          </Button>
        )}
      </div>
    </div>
  );
}
