import { useId, useState, type FormEvent } from "react";
import { MessageSquare } from "../../src/ui/icons";
import { useI18n } from "../../src/i18n/react";
import { publicNoteProblem } from "../../src/shared/note-rules";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { Input, Label, Textarea } from "../../src/ui/Input";
import { useApiMutation } from "../lib/queries/mutation";
import { addPublicNote, useNotes } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { NoteList } from "../tickets/NoteList";

/** 'Notes & Updates' and the 'Add a Note' form, whose name, e-mail and note are checked before sending. */
export function NotesCard({ ticketId }: { ticketId: number }) {
  const id = useId();
  const toast = useToast();
  const { t, message, relative } = useI18n();
  const [draft, setDraft] = useState({ userName: "", userEmail: "", note: "" });
  const notes = useNotes("public", ticketId);
  const add = useApiMutation(addPublicNote(ticketId), {
    onSuccess: () => {
      setDraft((d) => ({ ...d, note: "" }));
      toast({ title: t("notes.added") });
    },
    onError: () =>
      toast({ title: t("notes.failed"), description: t("track.tryLater"), variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = publicNoteProblem(draft);
    if (problem) return toast({ title: message(problem), variant: "destructive" });
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
          {t("notes.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <NoteList
          notes={notes.data}
          when={(iso) => relative(iso)}
          pending={notes.isPending}
          loading={t("notes.loading")}
          empty={t("notes.empty")}
          aria-label={t("notes.label")}
        />
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4 border-gray-200">
          <h4 className="font-medium">{t("notes.add")}</h4>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-userName`} required>
                {t("notes.name")}
              </Label>
              <Input autoComplete="name" {...field("userName")} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-userEmail`} required>
                {t("notes.email")}
              </Label>
              <Input type="email" autoComplete="email" {...field("userEmail")} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-note`} required>
              {t("notes.note")}
            </Label>
            <Textarea rows={3} {...field("note")} />
          </div>
          <Button type="submit" className="self-start" disabled={add.isPending}>
            {add.isPending ? t("notes.adding") : t("notes.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
