import { useId, useState, type FormEvent } from "react";
import type { RequesterViewDto } from "../../src/shared/dto";
import { Button } from "../../src/ui/Button";
import { Label, Textarea } from "../../src/ui/Input";
import { serverMessage } from "../lib/api";
import { requesterApi } from "../lib/queries/requester";

/** Reply and attach files as the requester; name and e-mail come from the ticket, so nothing is retyped. */
export function ReplyForm({ token, onChange }: { token: string; onChange: (v: RequesterViewDto) => void }) {
  const id = useId();
  const [note, setNote] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim() && files.length === 0)
      return setState({ busy: false, message: "Write a message or choose a file", error: true });
    setState({ busy: true, message: null, error: false });
    try {
      if (files.length > 0) await requesterApi.upload(token, files);
      onChange(note.trim() ? await requesterApi.reply(token, note.trim()) : await requesterApi.view(token));
      setNote("");
      setFiles([]);
      setState({ busy: false, message: "Your reply was added to the ticket", error: false });
    } catch (err) {
      setState({
        busy: false,
        message: serverMessage(err, "Failed to send. Please try again."),
        error: true,
      });
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Reply">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-note`}>Your reply</Label>
        <Textarea id={`${id}-note`} rows={4} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-files`}>Attach files</Label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          className="text-sm"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={state.busy}>
          {state.busy ? "Sending…" : "Send reply"}
        </Button>
        {state.message && (
          <p
            role={state.error ? "alert" : "status"}
            className={state.error ? "text-sm text-red-700" : "text-sm text-green-700"}
          >
            {state.message}
          </p>
        )}
      </div>
    </form>
  );
}
