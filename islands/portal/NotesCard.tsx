import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "../../src/ui/icons";
import type { NoteDto } from "../../src/shared/dto";
import { relativeTime } from "../../src/shared/relative-time";
import { publicNoteProblem } from "../../src/shared/note-rules";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { Input, Label, Textarea } from "../../src/ui/Input";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import { noteAuthor } from "./public-status";

/** Spec §2 'Notes & Updates' with the 'Add a Note' form (spec §5 public note checks). */
export function NotesCard({ ticketId }: { ticketId: number }) {
  const id = useId();
  const toast = useToast();
  const client = useQueryClient();
  const [draft, setDraft] = useState({ userName: "", userEmail: "", note: "" });
  const notes = useQuery({
    queryKey: queryKeys.tickets.notes(ticketId),
    queryFn: () => api.get<NoteDto[]>(`/api/tickets/${ticketId}/notes`),
  });
  const add = useMutation({
    mutationFn: (body: typeof draft) => api.post<NoteDto>(`/api/tickets/${ticketId}/notes`, body),
    onSuccess: () => {
      setDraft((d) => ({ ...d, note: "" }));
      toast({ title: "Note Added" });
      return client.invalidateQueries({ queryKey: queryKeys.tickets.notes(ticketId) });
    },
    onError: () =>
      toast({ title: "Failed to add note", description: "Please try again later.", variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = publicNoteProblem(draft);
    if (problem) return toast({ title: problem, variant: "destructive" });
    add.mutate({
      userName: draft.userName.trim(),
      userEmail: draft.userEmail.trim(),
      note: draft.note.trim(),
    });
  };
  const field = (key: keyof typeof draft) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="h-5 w-5" aria-hidden="true" />
          Notes &amp; Updates
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {notes.isPending ? (
          <p className="text-sm text-gray-600">Loading notes...</p>
        ) : notes.data?.length ? (
          <ul className="flex flex-col gap-2" aria-label="Notes">
            {notes.data.map((n) => (
              <li key={n.id} className="rounded-md border bg-gray-50 p-3 text-sm border-gray-200">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{noteAuthor(n)}</span>
                  {n.fromStaff && <Badge color="blue">Staff</Badge>}
                  {n.isInternal && <Badge color="yellow">Internal Note</Badge>}
                  <span className="text-xs text-gray-600">{relativeTime(n.createdAt)}</span>
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words">{n.note}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No notes yet.</p>
        )}
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4 border-gray-200">
          <h4 className="font-medium">Add a Note</h4>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-userName`} required>
                Your Name
              </Label>
              <Input autoComplete="name" {...field("userName")} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-userEmail`} required>
                Your Email
              </Label>
              <Input type="email" autoComplete="email" {...field("userEmail")} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-note`} required>
              Note
            </Label>
            <Textarea rows={3} {...field("note")} />
          </div>
          <Button type="submit" className="self-start" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add Note"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
