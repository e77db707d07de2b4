import { useId, useState } from "react";
import { Input } from "../../../src/ui/Input";
import { Spinner } from "../../../src/ui/Spinner";
import { useToast } from "../../lib/toast";
import { useApiMutation } from "../../lib/queries/mutation";
import { useSavedReplies, useSavedReplyOn } from "../../lib/queries/saved-replies";

/**
 * Saved replies to pick from, searched by title: the chosen one comes back filled in for the ticket
 * (its status and tags applied) and is handed to `onInsert`. Keyboard: arrows, Enter, Escape.
 */
export function SavedReplyPicker({
  ticketId,
  onInsert,
  onClose,
}: {
  ticketId: number;
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [at, setAt] = useState(0);
  const toast = useToast();
  const replies = useSavedReplies(q.trim());
  const use = useApiMutation(useSavedReplyOn(ticketId), {
    onSuccess: (r) => onInsert(r.text),
    onError: () => toast({ title: "Failed to use the saved reply", variant: "destructive" }),
  });
  const list = replies.data ?? [];
  const pick = (i: number) => list[i] && use.mutate(list[i].id);
  return (
    <div
      className="space-y-1 rounded-md border border-gray-200 bg-white p-2 shadow-sm"
      data-testid="saved-reply-picker"
    >
      <Input
        autoFocus
        aria-label="Search saved replies"
        aria-controls={`${id}-list`}
        placeholder="Search saved replies"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setAt(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setAt((i) => Math.min(i + 1, list.length - 1));
          else if (e.key === "ArrowUp") setAt((i) => Math.max(i - 1, 0));
          else if (e.key === "Enter") pick(at);
          else if (e.key === "Escape") onClose();
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {replies.isPending && <Spinner />}
      {replies.data?.length === 0 && <p className="text-sm text-gray-600">No saved replies</p>}
      <div id={`${id}-list`} role="listbox" aria-label="Saved replies" className="max-h-48 overflow-y-auto">
        {list.map((r, i) => (
          <div
            key={r.id}
            role="option"
            tabIndex={-1}
            aria-selected={i === at}
            className={`cursor-pointer rounded px-2 py-1 text-sm ${i === at ? "bg-blue-50" : ""}`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(i);
            }}
          >
            <span className="font-medium">{r.title}</span>
            {r.shared && <span className="ml-2 text-xs text-gray-600">shared</span>}
          </div>
        ))}
      </div>
    </div>
  );
}
