import { useEffect, useState } from "react";

/** Kept per ticket in this browser, so a reload, a closed tab or a detour keeps the timer running. */
type Stored = { startedAt: number | null; elapsedMs: number };
const keyOf = (ticketId: number) => `helpdesk.timer.${ticketId}`;
const STOPPED: Stored = { startedAt: null, elapsedMs: 0 };
const MAX_MINUTES = 1440;

function read(ticketId: number): Stored {
  try {
    const v = JSON.parse(localStorage.getItem(keyOf(ticketId)) ?? "null") as Stored | null;
    return v && typeof v.elapsedMs === "number" ? v : STOPPED;
  } catch {
    return STOPPED;
  }
}

export type TicketTimer = ReturnType<typeof useTicketTimer>;

/** A start/pause timer for one ticket: its elapsed time and the whole minutes to record (rounded up). */
export function useTicketTimer(ticketId: number) {
  const [state, setState] = useState<Stored>(STOPPED);
  const [now, setNow] = useState(0);
  useEffect(() => {
    setState(read(ticketId));
    setNow(Date.now());
  }, [ticketId]);
  useEffect(() => {
    if (state.startedAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [state.startedAt]);
  const save = (next: Stored) => {
    setState(next);
    setNow(Date.now());
    if (next.startedAt === null && !next.elapsedMs) localStorage.removeItem(keyOf(ticketId));
    else localStorage.setItem(keyOf(ticketId), JSON.stringify(next));
  };
  const running = state.startedAt !== null;
  const elapsedMs = state.elapsedMs + (running ? Math.max(0, now - state.startedAt!) : 0);
  return {
    running,
    elapsedMs,
    minutes: elapsedMs > 0 ? Math.min(MAX_MINUTES, Math.ceil(elapsedMs / 60_000)) : 0,
    start: () => save({ startedAt: Date.now(), elapsedMs: state.elapsedMs }),
    pause: () => save({ startedAt: null, elapsedMs }),
    reset: () => save(STOPPED),
  };
}
