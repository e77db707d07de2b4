import { useId, useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setTwoFactorPolicy, useTwoFactorPolicy } from "../../lib/queries/two-factor";
import { useSettingsMutation } from "./use-settings-mutation";

/** Whether every account must sign in with a second factor; those without one set it up at next sign-in. */
export function TwoFactorPolicyPanel() {
  const id = useId();
  const policy = useTwoFactorPolicy();
  const save = useSettingsMutation(setTwoFactorPolicy, {
    success: (r) => ({
      title: r.required ? "Two-factor sign-in is now required" : "Two-factor sign-in is now optional",
    }),
    failure: (m) => ({ title: "Failed to save the setting", description: m ?? undefined }),
  });
  // The box moves at once; the saved setting takes over again once the server has answered.
  const [draft, setDraft] = useState<boolean | null>(null);
  const checked = draft ?? policy.data?.required ?? false;
  return (
    <Card className="mb-4" data-testid="two-factor-policy">
      <CardHeader>
        <CardTitle level={2}>Sign-in Security</CardTitle>
      </CardHeader>
      <CardContent>
        {policy.data && (
          <label htmlFor={id} className="flex items-start gap-2 text-sm text-gray-800">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5"
              checked={checked}
              disabled={save.isPending}
              onChange={(e) => {
                setDraft(e.target.checked);
                save.mutate({ required: e.target.checked }, { onSettled: () => setDraft(null) });
              }}
            />
            <span>
              Require two-factor sign-in for all staff. Anyone without it is sent to set it up right after
              their password and can do nothing else until then.
            </span>
          </label>
        )}
      </CardContent>
    </Card>
  );
}
