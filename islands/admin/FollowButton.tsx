import { useEffect, useState } from "react";
import { api } from "../lib/api";
import { useI18n } from "../../src/i18n/react";

type State = { following: boolean; followers: number };

/** Follow a ticket to hear when its requester replies or its target comes close. */
export function FollowButton({ ticketId }: { ticketId: number }) {
  const [state, setState] = useState<State | null>(null);
  const { t } = useI18n();
  useEffect(() => {
    void api.get<State>(`/api/admin/tickets/${ticketId}/follow`).then(setState, () => {});
  }, [ticketId]);
  if (!state) return null;
  const path = `/api/admin/tickets/${ticketId}/follow`;
  const toggle = () =>
    void (state.following ? api.delete<State>(path) : api.put<State>(path)).then(setState, () => {});
  return (
    <button
      type="button"
      aria-pressed={state.following}
      onClick={toggle}
      className="rounded-md border px-2 py-1 text-xs hover:bg-gray-50"
    >
      {t(state.following ? "follow.on" : "follow.off")} ({state.followers})
    </button>
  );
}
