import { useEffect, useId, useState } from "react";
import { NOTIFY_TOPICS, type NotifySettings, type NotifyTopic } from "../../src/shared/schemas/notifications";
import { Button } from "../../src/ui/Button";
import { api, serverMessage } from "../lib/api";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";
import type { StaffKey } from "../../src/i18n/staff/en";

type Settings = {
  notify: NotifySettings;
  away: { from: string | null; until: string | null; deputyId: number | null; now: boolean };
};
type Person = { id: number; firstName: string | null; lastName: string | null };

const TOPIC_LABELS: Record<NotifyTopic, StaffKey> = {
  assigned: "profile.notify.assigned",
  mentioned: "profile.notify.mentioned",
  requesterReplied: "profile.notify.requesterReplied",
  dueTargets: "profile.notify.dueTargets",
  newTicket: "profile.notify.newTicket",
};

/** What the agent is told of, in the bell and by e-mail, and when they are away (with a deputy). */
export function NotificationSettings({ me }: { me: number }) {
  const { t, message } = useI18n();
  const toast = useToast();
  const [s, setS] = useState<Settings | null>(null);
  const [people, setPeople] = useState<Person[]>([]);
  const ids = { from: useId(), until: useId(), deputy: useId() };
  useEffect(() => {
    void api.get<Settings>("/api/admin/notifications/settings").then(setS, () => {});
    void api.get<Person[]>("/api/admin/tickets/assignees").then(setPeople, () => {});
  }, []);
  if (!s) return <p className="text-sm text-gray-600">{t("profile.notify.loading")}</p>;
  const fail = (e: unknown) =>
    toast({ title: message(serverMessage(e, t("profile.notify.failed"))), variant: "destructive" });
  const toggle = (topic: NotifyTopic, channel: "app" | "email") => {
    const next = { ...s.notify[topic], [channel]: !s.notify[topic][channel] };
    void api.put<Settings>("/api/admin/notifications/settings", { [topic]: next }).then(setS, fail);
  };
  const saveAway = (away: { from: string | null; until: string | null; deputyId: number | null }) =>
    void api.put<Settings>("/api/admin/notifications/away", away).then((r) => {
      setS(r);
      toast({ title: away.from ? t("profile.notify.awaySaved") : t("profile.notify.welcomeBack") });
    }, fail);
  return (
    <div className="space-y-6">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-gray-600">
            <th className="py-1 font-medium">{t("profile.notify.when")}</th>
            <th className="py-1 font-medium">{t("profile.notify.app")}</th>
            <th className="py-1 font-medium">{t("profile.notify.email")}</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFY_TOPICS.map((topic) => (
            <tr key={topic} className="border-t">
              <td className="py-2">{t(TOPIC_LABELS[topic])}</td>
              {(["app", "email"] as const).map((channel) => (
                <td key={channel} className="py-2">
                  <input
                    type="checkbox"
                    aria-label={t(channel === "app" ? "profile.notify.appOf" : "profile.notify.emailOf", {
                      topic: t(TOPIC_LABELS[topic]),
                    })}
                    checked={s.notify[topic][channel]}
                    onChange={() => toggle(topic, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <AwayForm
        key={`${s.away.from}-${s.away.until}`}
        away={s.away}
        people={people.filter((p) => p.id !== me)}
        ids={ids}
        onSave={saveAway}
      />
    </div>
  );
}

function AwayForm({
  away,
  people,
  ids,
  onSave,
}: {
  away: Settings["away"];
  people: Person[];
  ids: { from: string; until: string; deputy: string };
  onSave: (a: { from: string | null; until: string | null; deputyId: number | null }) => void;
}) {
  const { t } = useI18n();
  const [from, setFrom] = useState(away.from ?? "");
  const [until, setUntil] = useState(away.until ?? "");
  const [deputy, setDeputy] = useState(away.deputyId ? String(away.deputyId) : "");
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ from: from || null, until: until || null, deputyId: deputy ? Number(deputy) : null });
      }}
    >
      <h3 className="font-semibold">{t("profile.away")}</h3>
      <p className="text-sm text-gray-600">
        {t("profile.awayHint")}
        {away.now && ` ${t("profile.awayNow")}`}
      </p>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label htmlFor={ids.from} className="flex flex-col">
          {t("profile.firstDay")}
          <input
            id={ids.from}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
        <label htmlFor={ids.until} className="flex flex-col">
          {t("profile.lastDay")}
          <input
            id={ids.until}
            type="date"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
        <label htmlFor={ids.deputy} className="flex flex-col">
          {t("profile.deputy")}
          <select
            id={ids.deputy}
            value={deputy}
            onChange={(e) => setDeputy(e.target.value)}
            className="rounded-md border px-2 py-1"
          >
            <option value="">{t("profile.nobody")}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {[p.firstName, p.lastName].filter(Boolean).join(" ") || t("profile.user", { id: p.id })}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          {t("profile.save")}
        </Button>
        {away.from && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onSave({ from: null, until: null, deputyId: null })}
          >
            {t("profile.iAmBack")}
          </Button>
        )}
      </div>
    </form>
  );
}
