import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { TimeSpentField } from "../TimeSpentField";
import { TicketTimer } from "./TicketTimer";
import { useTicketTimer } from "./useTicketTimer";

export type ComposerTimeState = ReturnType<typeof useComposerTime>;

/** The minutes a message records: those typed, else the ticket timer's; the timer restarts once sent. */
export function useComposerTime(ticketId: number) {
  const timer = useTicketTimer(ticketId);
  const [minutes, setMinutes] = useState("");
  return {
    timer,
    minutes,
    setMinutes,
    take: (): number | undefined => {
      const typed = minutes.trim() ? Number(minutes) : 0;
      if (!typed && timer.minutes) setMinutes(String(timer.minutes));
      return typed || timer.minutes || undefined;
    },
    sent: () => {
      setMinutes("");
      timer.reset();
    },
  };
}

/** The composer's time spent: the field, the ticket's total so far and its timer. */
export function ComposerTime({ ticketId, time }: { ticketId: number; time: ComposerTimeState }) {
  const total = useQuery({
    queryKey: queryKeys.tickets.timeSpent(ticketId),
    queryFn: () => api.get<{ minutes: number }>(`/api/admin/tickets/${ticketId}/time-spent`),
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <TimeSpentField
        value={time.minutes}
        onChange={time.setMinutes}
        total={total.data?.minutes ?? 0}
        placeholder={time.timer.minutes ? String(time.timer.minutes) : undefined}
      />
      <TicketTimer timer={time.timer} />
    </div>
  );
}
