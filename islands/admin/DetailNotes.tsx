import { useId, useState } from "react";
import { format } from "date-fns";
import { useApiMutation } from "../lib/queries/mutation";
import { addStaffNote, useNotes } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { Label, Textarea } from "../../src/ui/Input";
import { NoteList } from "../tickets/NoteList";

const stamp = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");

/** Notes of one ticket, internal ones included and marked; the list scrolls past 12rem. */
export function DetailNotes({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const [note, setNote] = useState("");
  const [internal, setInternal] = useState(false);
  const ids = { text: useId(), internal: useId() };
  const notes = useNotes("staff", ticketId);
  const add = useApiMutation(addStaffNote(ticketId), {
    onSuccess: () => {
      setNote("");
      setInternal(false);
      toast({ title: "Note added successfully" });
    },
    onError: () => toast({ title: "Failed to add note", variant: "destructive" }),
  });
  const submit = () =>
    note.trim()
      ? add.mutate({ note: note.trim(), isInternal: internal })
      : toast({ title: "Note Required", variant: "destructive" });
  return (
    <section aria-labelledby={`${ids.text}-h`} className="space-y-2">
      <h3 id={`${ids.text}-h`} className="font-semibold text-gray-900">
        Notes
      </h3>
      <NoteList
        notes={notes.data}
        when={stamp}
        pending={notes.isPending}
        empty="No notes yet"
        className="max-h-[12rem] overflow-y-auto"
        data-testid="detail-notes"
      />
      <Label htmlFor={ids.text}>Add a Note</Label>
      <Textarea id={ids.text} value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={ids.internal} className="flex items-center gap-2 text-sm text-gray-700">
          <input
            id={ids.internal}
            type="checkbox"
            checked={internal}
            onChange={(e) => setInternal(e.target.checked)}
          />{" "}
          Internal note (staff only)
        </label>
        <Button size="sm" onClick={submit} disabled={add.isPending}>
          Add Note
        </Button>
      </div>
    </section>
  );
}
