import { useId, useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { type MailSettings, saveMailSettings, useMailSettings } from "../../lib/queries/mail";
import { useSettingsMutation } from "./use-settings-mutation";

const SWITCHES: [keyof MailSettings, string][] = [
  ["confirmation", "Receipt with the private link when a ticket is submitted"],
  ["staffReply", "Staff replies, with their text"],
  ["completed", "The ticket is completed"],
  ["burnt", "The ticket is closed without action (burnt)"],
  ["notifyStaffOnReply", "Tell the assignee (or the routing recipients) when the requester replies"],
];

/** Which e-mails the requester gets, each switched on its own. */
export function RequesterMailPanel() {
  const id = useId();
  const settings = useMailSettings();
  const save = useSettingsMutation(saveMailSettings, {
    success: { title: "Email settings saved" },
    failure: (m) => ({ title: "Failed to save email settings", description: m ?? undefined }),
  });
  // The box moves at once; the saved settings take over again once the server has answered.
  const [draft, setDraft] = useState<MailSettings | null>(null);
  const s = draft ?? settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requester E-mails</CardTitle>
      </CardHeader>
      <CardContent>
        {s && (
          <fieldset className="space-y-2">
            <legend className="sr-only">Requester e-mails</legend>
            {SWITCHES.map(([key, label]) => (
              <label
                key={key}
                htmlFor={`${id}-${key}`}
                className="flex items-center gap-2 text-sm text-gray-800"
              >
                <input
                  id={`${id}-${key}`}
                  type="checkbox"
                  checked={s[key]}
                  onChange={(e) => {
                    const next = { ...s, [key]: e.target.checked };
                    setDraft(next);
                    save.mutate(next, { onSettled: () => setDraft(null) });
                  }}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
