import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { Label, Textarea } from "../../src/ui/Input";
import { Badge } from "../../src/ui/Badge";
import type { NoteDto } from "../../src/shared/dto";
import { noteAuthor } from "../portal/public-status";
import { useFailureToast } from "./use-admin-tickets";

/** Notes of one ticket, internal ones included and marked; the list scrolls at 12rem (spec §2). */
export function DetailNotes({ ticketId }: { ticketId: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const fail = useFailureToast();
  const [note, setNote] = useState("");
  const [internal, setInternal] = useState(false);
  const ids = { text: useId(), internal: useId() };
  const notes = useQuery({
    queryKey: queryKeys.tickets.notes(ticketId),
    queryFn: () => api.get<NoteDto[]>(`/api/admin/tickets/${ticketId}/notes`),
  });
  const add = useMutation({
    mutationFn: () =>
      api.post<NoteDto>(`/api/admin/tickets/${ticketId}/notes`, { note: note.trim(), isInternal: internal }),
    onSuccess: () => {
      setNote("");
      setInternal(false);
      toast({ title: "Note added successfully" });
      client.invalidateQueries({ queryKey: queryKeys.tickets.notes(ticketId) });
    },
    onError: (err) => fail(err, "Failed to add note"),
  });
  const submit = () =>
    note.trim() ? add.mutate() : toast({ title: "Note Required", variant: "destructive" });
  return (
    <section aria-labelledby={`${ids.text}-h`} className="space-y-2">
      <h3 id={`${ids.text}-h`} className="font-semibold text-gray-900">
        Notes
      </h3>
      <ul className="max-h-[12rem] space-y-2 overflow-y-auto" data-testid="detail-notes">
        {(notes.data ?? []).map((n) => (
          <li key={n.id} className="rounded border border-gray-200 p-2 text-sm">
            <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
              <span className="font-medium text-gray-800">{noteAuthor(n)}</span>
              <span>{format(new Date(n.createdAt), "MMM d, yyyy h:mm a")}</span>
              {n.fromStaff && <Badge color="blue">Staff</Badge>}
              {n.isInternal && <Badge color="purple">Internal</Badge>}
            </div>
            <p className="mt-1 whitespace-pre-wrap break-words">{n.note}</p>
          </li>
        ))}
        {notes.data?.length === 0 && <li className="text-sm text-gray-600">No notes yet</li>}
      </ul>
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
