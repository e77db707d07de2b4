/**
 * One event stream per page, shared by every island that listens (the server caps streams per user):
 * the first listener opens it, the last one to leave closes it.
 */
let source: EventSource | null = null;
let users = 0;

export function openEventStream(): { source: EventSource; release: () => void } | null {
  if (typeof EventSource === "undefined") return null;
  source ??= new EventSource("/api/admin/events");
  users += 1;
  const mine = source;
  let released = false;
  return {
    source: mine,
    release: () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users === 0 && source === mine) {
        mine.close();
        source = null;
      }
    },
  };
}
