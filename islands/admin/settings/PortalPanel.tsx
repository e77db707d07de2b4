import { useId } from "react";
import type { TrackingMode } from "../../../src/shared/dto";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { setPortalTracking, usePortalSettings } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";
import { OfficeLanguageField } from "./OfficeLanguageField";

const MODES: { value: TrackingMode; label: string; help: string }[] = [
  {
    value: "verified",
    label: "Verified (recommended)",
    help: "A ticket number shows only its status. Details, replies and files open through the private link e-mailed to the requester; searches by e-mail or phone send that person a link to their tickets.",
  },
  {
    value: "open",
    label: "Open",
    help: "Anyone with a ticket number, e-mail or phone number sees those tickets with contact details masked, their replies and files, and can add notes and files.",
  },
];

/** Settings → Portal: how much the public tracker shows to someone who only knows a number or an address. */
export function PortalPanel() {
  const id = useId();
  const settings = usePortalSettings();
  const save = useSettingsMutation(setPortalTracking, {
    success: (r) => ({ title: `Public tracking is now ${r.tracking}` }),
    failure: (m) => ({ title: "Failed to save the setting", description: m ?? undefined }),
  });
  const locked = settings.data?.setByEnvironment ?? false;
  return (
    <Card data-testid="portal-settings">
      <CardHeader>
        <CardTitle level={2}>Public Tracking</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.data && (
          <fieldset className="flex flex-col gap-3" disabled={locked || save.isPending}>
            <legend className="mb-2 text-sm text-gray-700">
              What the Track tab shows to anyone who asks
            </legend>
            {MODES.map((m) => (
              <label key={m.value} htmlFor={`${id}-${m.value}`} className="flex items-start gap-2 text-sm">
                <input
                  id={`${id}-${m.value}`}
                  type="radio"
                  name={`${id}-tracking`}
                  className="mt-1"
                  checked={settings.data.tracking === m.value}
                  onChange={() => save.mutate({ tracking: m.value })}
                />
                <span>
                  <span className="font-medium text-gray-900">{m.label}</span>
                  <span className="block text-gray-700">{m.help}</span>
                </span>
              </label>
            ))}
            {locked && (
              <p className="text-sm font-medium text-amber-800">
                Set by the server&apos;s environment (PUBLIC_TRACKING); change it there.
              </p>
            )}
          </fieldset>
        )}
        <OfficeLanguageField />
      </CardContent>
    </Card>
  );
}
