import { useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../src/ui/Button";
import { Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import { cn } from "../../../src/ui/cn";
import { STAFF_UPLOAD_EXTENSIONS } from "../../../src/shared/constants";
import { staffUploadProblem } from "./upload-problem";
import { api, serverMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { useStatuses } from "../../lib/queries/statuses";
import { useToast } from "../../lib/toast";
import { type HeldMail, useUndoSend } from "../../lib/undo-send";
import { SavedReplyPicker } from "./SavedReplyPicker";
import { ArticleLinkPicker } from "./ArticleLinkPicker";
import { MentionPicker } from "../MentionPicker";
import { ComposerTime, useComposerTime } from "./ComposerTime";
import { useDraft } from "./useDraft";
import { useI18n } from "../../../src/i18n/react";

type Mode = "reply" | "internal";

/** Uploads the chosen files in one request and answers their ids. */
async function uploadFiles(ticketId: number, files: File[], internal: boolean): Promise<number[]> {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.append("isInternal", String(internal));
  const rows = await api.post<{ id: number }[]>(`/api/admin/tickets/${ticketId}/attachments`, form);
  return rows.map((r) => r.id);
}

/**
 * Writes to the ticket: a reply the requester gets, or an internal note, with files and, in the same
 * write as the note, a new status. Ctrl/Cmd+Enter sends; "/" on an empty line opens the saved replies.
 */
export function Composer({
  ticketId,
  requester,
  status,
}: {
  ticketId: number;
  requester: string;
  status: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const toast = useToast();
  const offer = useUndoSend();
  const client = useQueryClient();
  const statuses = useStatuses();
  const [text, setText] = useDraft(ticketId);
  const [mode, setMode] = useState<Mode>("reply");
  const [files, setFiles] = useState<File[]>([]);
  const [then, setThen] = useState("");
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<number | null>(null);
  const [linking, setLinking] = useState<number | null>(null);
  const [caret, setCaret] = useState(0);
  const time = useComposerTime(ticketId);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), hint: useId(), after: useId(), files: useId() };
  const internal = mode === "internal";
  const signature = useQuery({
    queryKey: queryKeys.signature,
    queryFn: () => api.get<{ signature: string }>("/api/auth/signature"),
  }).data?.signature;
  const next = statuses.find((s) => s.name === then && s.name !== status);
  const send = async () => {
    if (!text.trim()) return toast({ title: t("Note Required"), variant: "destructive" });
    setBusy(true);
    try {
      // files first, so the reply's e-mail can carry them
      const minutesSpent = time.take();
      const attachmentIds = files.length > 0 ? await uploadFiles(ticketId, files, internal) : undefined;
      const body = {
        note: text.trim(),
        isInternal: internal,
        ...(next ? { status: next.name } : {}),
        ...(attachmentIds ? { attachmentIds } : {}),
        ...(minutesSpent ? { minutesSpent } : {}),
      };
      const saved = await api.post<{ id: number; heldMail?: HeldMail; notMentioned?: string[] }>(
        `/api/admin/tickets/${ticketId}/notes`,
        body,
      );
      setText("");
      time.sent();
      setFiles([]);
      setThen("");
      if (fileInput.current) fileInput.current.value = "";
      offer({
        ticketId,
        heldMail: saved.heldMail,
        title: internal ? t("ticket.noteAdded") : t("ticket.replySent"),
        noteId: saved.id,
        status: next ? status : undefined,
      });
      if (saved.notMentioned?.length)
        toast({
          title: t("ticket.notMentioned", { names: saved.notMentioned.join(", ") }),
          variant: "destructive",
        });
    } catch (err) {
      toast({
        title: t("ticket.noteFailed"),
        description: i18n.message(serverMessage(err, "")) || undefined,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: queryKeys.tickets.all });
    }
  };
  const pickFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const bad = chosen.map((f) => staffUploadProblem(i18n, f)).find(Boolean);
    if (bad) toast({ title: bad.title, description: bad.description, variant: "destructive" });
    setFiles(bad ? [] : chosen);
  };
  const insert = (snippet: string) => {
    const at = picking ?? linking ?? text.length;
    setText(text.slice(0, at) + snippet + text.slice(at));
    setPicking(null);
    setLinking(null);
    box.current?.focus();
  };
  return (
    <section
      aria-label={t("ticket.write")}
      className={cn(
        "space-y-2 rounded-md border p-3",
        internal ? "border-purple-300 bg-purple-50" : "border-blue-200 bg-white",
      )}
    >
      <div role="radiogroup" aria-label={t("ticket.kind")} className="flex gap-2">
        {(["reply", "internal"] as const).map((m) => (
          <Button
            key={m}
            size="sm"
            role="radio"
            aria-checked={mode === m}
            variant={mode === m ? "default" : "outline"}
            onClick={() => setMode(m)}
          >
            {m === "reply" ? t("ticket.reply") : t("ticket.internalNote")}
          </Button>
        ))}
      </div>
      <Label htmlFor={ids.text}>{internal ? t("ticket.internalNote") : t("ticket.replyTo")}</Label>
      <Textarea
        id={ids.text}
        ref={box}
        value={text}
        rows={4}
        aria-describedby={ids.hint}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
            return;
          }
          const at = e.currentTarget.selectionStart;
          const lineEmpty = (at === 0 || text[at - 1] === "\n") && (at === text.length || text[at] === "\n");
          if (e.key !== "/" || !lineEmpty) return;
          e.preventDefault();
          setPicking(at);
        }}
      />
      <p id={ids.hint} className="text-xs text-gray-700">
        {internal ? t("ticket.staffOnly") : t("ticket.emailedTo", { email: requester })}
      </p>
      {!internal && signature && (
        <div className="text-xs text-gray-700">
          <span>{t("ticket.signature")}</span>
          <pre className="mt-1 whitespace-pre-wrap font-sans text-gray-800">{`-- \n${signature}`}</pre>
        </div>
      )}
      {internal && (
        <MentionPicker
          ticketId={ticketId}
          text={text}
          caret={caret}
          onPick={(next, at) => {
            setText(next);
            setCaret(at);
            requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
            box.current?.focus();
          }}
        />
      )}
      {picking !== null && (
        <SavedReplyPicker ticketId={ticketId} onInsert={insert} onClose={() => setPicking(null)} />
      )}
      {linking !== null && <ArticleLinkPicker onInsert={insert} onClose={() => setLinking(null)} />}
      <ComposerTime ticketId={ticketId} time={time} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor={ids.files}>{t("ticket.files")}</Label>
          <input
            id={ids.files}
            ref={fileInput}
            type="file"
            multiple
            accept={STAFF_UPLOAD_EXTENSIONS.join(",")}
            onChange={(e) => pickFiles(e.target.files)}
            className="block text-sm"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={ids.after}>{t("ticket.thenStatus")}</Label>
          <NativeSelect id={ids.after} value={then} onChange={(e) => setThen(e.target.value)}>
            <option value="">{t("ticket.keepStatus")}</option>
            {statuses
              .filter((s) => s.name !== status)
              .map((s) => (
                <option key={s.name} value={s.name}>
                  {s.label}
                </option>
              ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setPicking(picking === null ? (box.current?.selectionStart ?? text.length) : null)}
        >
          {t("ticket.savedReplies")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="mr-auto"
          onClick={() => setLinking(linking === null ? (box.current?.selectionStart ?? text.length) : null)}
        >
          {t("ticket.linkArticle")}
        </Button>
        <Button onClick={() => void send()} disabled={busy}>
          {next ? t("ticket.sendAndSet", { status: next.label }) : t("ticket.send")}
        </Button>
      </div>
    </section>
  );
}
