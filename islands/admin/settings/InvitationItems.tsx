import { DropdownMenu } from "radix-ui";
import { useSettingsMutation } from "./use-settings-mutation";
import { resendInvitation, revokeInvitation } from "../../lib/queries/users";
import { useI18n } from "../../../src/i18n/react";

/** The user menu's entries for someone who has not accepted their invitation yet. */
export function InvitationItems({ id, className }: { id: number; className: string }) {
  const { t } = useI18n();
  const resend = useSettingsMutation(resendInvitation, {
    success: { title: t("access.success"), description: t("access.invite.resent") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.invite.resendFailed") }),
  });
  const revoke = useSettingsMutation(revokeInvitation, {
    success: { title: t("access.success"), description: t("access.invite.revoked") },
    failure: (m) => ({ title: t("access.error"), description: m ?? t("access.invite.revokeFailed") }),
  });
  return (
    <>
      <DropdownMenu.Item className={className} onSelect={() => resend.mutate(id)}>
        {t("access.invite.resend")}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={className} onSelect={() => revoke.mutate(id)}>
        {t("access.invite.revoke")}
      </DropdownMenu.Item>
    </>
  );
}
