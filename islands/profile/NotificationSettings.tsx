import { useEffect, useId, useState } from "react";
import { NOTIFY_TOPICS, type NotifySettings, type NotifyTopic } from "../../src/shared/schemas/notifications";
import { Button } from "../../src/ui/Button";
import { api, serverMessage } from "../lib/api";
import { useToast } from "../lib/toast";

type Settings = {
  notify: NotifySettings;
  away: { from: string | null; until: string | null; deputyId: number | null; now: boolean };
};
type Person = { id: number; firstName: string | null; lastName: string | null };

const TOPIC_LABELS: Record<NotifyTopic, string> = {
  assigned: "A ticket is assigned to me",
  mentioned: "Someone mentions me in a note",
  requesterReplied: "The requester replies on a ticket I follow",
  dueTargets: "A ticket I follow is about to miss or missed its target",
  newTicket: "A new ticket arrives in my departments",
};

/** What the agent is told of, in the bell and by e-mail, and when they are away (with a deputy). */
export function NotificationSettings({ me }: { me: number }) {
  const toast = useToast();
  const [s, setS] = useState<Settings | null>(null);
  const [people, setPeople] = useState<Person[]>([]);
  const ids = { from: useId(), until: useId(), deputy: useId() };
  useEffect(() => {
    void api.get<Settings>("/api/admin/notifications/settings").then(setS, () => {});
    void api.get<Person[]>("/api/admin/tickets/assignees").then(setPeople, () => {});
  }, []);
  if (!s) return <p className="text-sm text-gray-600">Loading…</p>;
  const fail = (e: unknown) => toast({ title: serverMessage(e, "Failed to save"), variant: "destructive" });
  const toggle = (topic: NotifyTopic, channel: "app" | "email") => {
    const next = { ...s.notify[topic], [channel]: !s.notify[topic][channel] };
    void api.put<Settings>("/api/admin/notifications/settings", { [topic]: next }).then(setS, fail);
  };
  const saveAway = (away: { from: string | null; until: string | null; deputyId: number | null }) =>
    void api.put<Settings>("/api/admin/notifications/away", away).then((r) => {
      setS(r);
      toast({ title: away.from ? "Away dates saved" : "Welcome back" });
    }, fail);
  return (
    <div className="space-y-6">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-gray-600">
            <th className="py-1 font-medium">Tell me when</th>
            <th className="py-1 font-medium">In the app</th>
            <th className="py-1 font-medium">By e-mail</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFY_TOPICS.map((topic) => (
            <tr key={topic} className="border-t">
              <td className="py-2">{TOPIC_LABELS[topic]}</td>
              {(["app", "email"] as const).map((channel) => (
                <td key={channel} className="py-2">
                  <input
                    type="checkbox"
                    aria-label={`${TOPIC_LABELS[topic]}: ${channel === "app" ? "in the app" : "by e-mail"}`}
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
      <h3 className="font-semibold">Away</h3>
      <p className="text-sm text-gray-600">
        While you are away, new assignments go to your deputy and your notifications pause.
        {away.now && " You are away now."}
      </p>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label htmlFor={ids.from} className="flex flex-col">
          First day
          <input
            id={ids.from}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
        <label htmlFor={ids.until} className="flex flex-col">
          Last day
          <input
            id={ids.until}
            type="date"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
        <label htmlFor={ids.deputy} className="flex flex-col">
          Deputy
          <select
            id={ids.deputy}
            value={deputy}
            onChange={(e) => setDeputy(e.target.value)}
            className="rounded-md border px-2 py-1"
          >
            <option value="">Nobody</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {[p.firstName, p.lastName].filter(Boolean).join(" ") || `User ${p.id}`}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          Save
        </Button>
        {away.from && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onSave({ from: null, until: null, deputyId: null })}
          >
            I am back
          </Button>
        )}
      </div>
    </form>
  );
}
