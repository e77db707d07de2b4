import { useEffect, useRef, useState } from "react";
import { parseQueueUrl, queueUrl, type QueueState, type View } from "./url-state";

/**
 * The queue's state kept in the address bar: each change writes history (search typing replaces
 * the entry instead of piling them up), and back/forward read it back.
 */
export function useQueueState(initialUrl: string, defaultView: View) {
  const [state, setState] = useState(() => parseQueueUrl(initialUrl, defaultView));
  const current = useRef(state);
  current.current = state;
  useEffect(() => {
    const onPop = () => setState(parseQueueUrl(location.pathname + location.search, defaultView));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [defaultView]);
  const update = (patch: Partial<QueueState>, mode: "push" | "replace" = "push") => {
    const next = { ...current.current, ...patch };
    current.current = next;
    const url = queueUrl(next, defaultView);
    if (url !== location.pathname + location.search)
      history[mode === "push" ? "pushState" : "replaceState"](null, "", url);
    setState(next);
  };
  return [state, update] as const;
}
