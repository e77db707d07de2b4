import { useId, useRef, useState } from "react";
import { format } from "date-fns";
import { useApiMutation } from "../lib/queries/mutation";
import { addStaffNote, type Note, useNotes } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { Label, Textarea } from "../../src/ui/Input";
import { NoteList } from "../tickets/NoteList";
import { RequesterLink } from "./RequesterLink";
import { UnverifiedReplies } from "./UnverifiedReplies";
import { SavedReplyPicker } from "./ticket/SavedReplyPicker";
import { ArticleLinkPicker } from "./ticket/ArticleLinkPicker";
import { MentionPicker } from "./MentionPicker";
import { TimeSpentField } from "./TimeSpentField";
import { FollowButton } from "./FollowButton";

const stamp = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");

/**
 * The ticket's conversation as one thread, and two different things to write: a reply the requester gets
 * by e-mail, or an internal note that never leaves the building. The list scrolls past 12rem.
 */
export function DetailNotes({ ticketId, requester }: { ticketId: number; requester: string }) {
  const toast = useToast();
  const [note, setNote] = useState("");
  const [caret, setCaret] = useState(0);
  const [minutes, setMinutes] = useState("");
  // where a saved reply goes: the caret when the picker opened, or null while it is closed
  const [picking, setPicking] = useState<number | null>(null);
  const [linking, setLinking] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const insert = (text: string) => {
    const at = picking ?? linking ?? note.length;
    setNote(note.slice(0, at) + text + note.slice(at));
    setPicking(null);
    setLinking(null);
    box.current?.focus();
  };
  const ids = { text: useId(), hint: useId() };
  const notes = useNotes("staff", ticketId);
  const isHeld = (n: Note) => "unverifiedReason" in n && Boolean(n.unverifiedReason);
  const held = notes.data?.filter(isHeld) ?? [];
  const add = useApiMutation(addStaffNote(ticketId), {
    onSuccess: (r, vars) => {
      setNote("");
      setMinutes("");
      toast({ title: vars.isInternal ? "Note added successfully" : "Reply sent to the requester" });
      if (r.notMentioned?.length)
        toast({
          title: `Not mentioned (cannot see this ticket): ${r.notMentioned.join(", ")}`,
          variant: "destructive",
        });
    },
    onError: () => toast({ title: "Failed to add note", variant: "destructive" }),
  });
  const send = (isInternal: boolean) =>
    note.trim()
      ? add.mutate({
          note: note.trim(),
          isInternal,
          ...(Number(minutes) > 0 && { minutesSpent: Number(minutes) }),
        })
      : toast({ title: "Note Required", variant: "destructive" });
  return (
    <section aria-labelledby={`${ids.text}-h`} className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id={`${ids.text}-h`} className="font-semibold text-gray-900">
          Conversation
        </h3>
        <FollowButton ticketId={ticketId} />
      </div>
      <UnverifiedReplies ticketId={ticketId} notes={held} when={stamp} />
      <NoteList
        notes={notes.data?.filter((n) => !isHeld(n))}
        when={stamp}
        pending={notes.isPending}
        empty="No notes yet"
        className="max-h-[12rem] overflow-y-auto"
        data-testid="detail-notes"
      />
      <Label htmlFor={ids.text}>Add a Note</Label>
      <Textarea
        id={ids.text}
        ref={box}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          // "/" at the start of an empty line opens the saved replies
          const at = e.currentTarget.selectionStart;
          const lineEmpty = (at === 0 || note[at - 1] === "\n") && (at === note.length || note[at] === "\n");
          if (e.key !== "/" || !lineEmpty) return;
          e.preventDefault();
          setPicking(at);
        }}
        rows={3}
        aria-describedby={ids.hint}
      />
      <MentionPicker
        ticketId={ticketId}
        text={note}
        caret={caret}
        onPick={(text, at) => {
          setNote(text);
          setCaret(at);
          requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
          box.current?.focus();
        }}
      />
      <TimeSpentField
        value={minutes}
        onChange={setMinutes}
        total={(notes.data ?? []).reduce((sum, n) => sum + (("minutesSpent" in n && n.minutesSpent) || 0), 0)}
      />
      <p id={ids.hint} className="text-xs text-gray-600">
        A reply is shown on the ticket and e-mailed to {requester}; an internal note is seen by staff only.
      </p>
      {picking !== null && (
        <SavedReplyPicker ticketId={ticketId} onInsert={insert} onClose={() => setPicking(null)} />
      )}
      {linking !== null && <ArticleLinkPicker onInsert={insert} onClose={() => setLinking(null)} />}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setPicking(picking === null ? (box.current?.selectionStart ?? note.length) : null)}
        >
          Saved replies
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="mr-auto"
          onClick={() => setLinking(linking === null ? (box.current?.selectionStart ?? note.length) : null)}
        >
          Link an article
        </Button>
        <Button size="sm" variant="outline" onClick={() => send(true)} disabled={add.isPending}>
          Add internal note
        </Button>
        <Button size="sm" onClick={() => send(false)} disabled={add.isPending}>
          Reply to requester
        </Button>
      </div>
      <RequesterLink ticketId={ticketId} />
    </section>
  );
}
