/**
 * Messages between the server processes of one install, relayed by the supervising process
 * (presence, a nudge to the mail sender). A process started alone has no siblings: sending does nothing.
 */
export type SiblingMessage =
  | { type: "wake-mailer" }
  | { type: "presence"; from: string; userId: number; name: string; ticket: PresenceTicket | null }
  | { type: "presence-hello"; from: string }
  | { type: "worker-gone"; from: string };

/** What presence needs of a ticket to decide who may be told about it. */
export type PresenceTicket = {
  id: number;
  department: string;
  companyName: string;
  assignedTo: string | null;
};

type Handler = (message: SiblingMessage) => void;
// The process has one IPC channel, so its listeners are kept once per process.
const handlers = new Map<SiblingMessage["type"], Set<Handler>>();
let listening = false;

/** True in a server process started by the supervisor (WORKERS above 1). */
const hasSiblings = () => typeof process.send === "function" && !!process.env.HELPDESK_WORKER;

export function tellSiblings(message: SiblingMessage) {
  if (hasSiblings()) process.send!({ relay: message });
}

export function onSiblingMessage<T extends SiblingMessage["type"]>(
  type: T,
  handler: (message: Extract<SiblingMessage, { type: T }>) => void,
): () => void {
  if (!hasSiblings()) return () => {};
  if (!listening) {
    listening = true;
    process.on("message", (raw: { relay?: SiblingMessage }) => {
      const message = raw?.relay;
      if (message) for (const h of handlers.get(message.type) ?? []) h(message);
    });
  }
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}
