import { DropdownMenu } from "radix-ui";
import { useSettingsMutation } from "./use-settings-mutation";
import { resendInvitation, revokeInvitation } from "../../lib/queries/users";

/** The user menu's entries for someone who has not accepted their invitation yet. */
export function InvitationItems({ id, className }: { id: number; className: string }) {
  const resend = useSettingsMutation(resendInvitation, {
    success: { title: "Success", description: "A new invitation is on its way" },
    failure: (m) => ({ title: "Error", description: m ?? "Failed to resend the invitation" }),
  });
  const revoke = useSettingsMutation(revokeInvitation, {
    success: { title: "Success", description: "Invitation revoked" },
    failure: (m) => ({ title: "Error", description: m ?? "Failed to revoke the invitation" }),
  });
  return (
    <>
      <DropdownMenu.Item className={className} onSelect={() => resend.mutate(id)}>
        Resend Invitation
      </DropdownMenu.Item>
      <DropdownMenu.Item className={className} onSelect={() => revoke.mutate(id)}>
        Revoke Invitation
      </DropdownMenu.Item>
    </>
  );
}
