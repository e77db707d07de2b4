import { useId, useState, type FormEvent } from "react";
import type { RequesterViewDto } from "../../src/shared/dto";
import { Button } from "../../src/ui/Button";
import { Label, Textarea } from "../../src/ui/Input";
import { serverMessage } from "../lib/api";
import { requesterApi } from "../lib/queries/requester";
import { useI18n } from "../../src/i18n/react";

/** Reply and attach files as the requester; name and e-mail come from the ticket, so nothing is retyped. */
export function ReplyForm({ token, onChange }: { token: string; onChange: (v: RequesterViewDto) => void }) {
  const id = useId();
  const { t, message } = useI18n();
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
      return setState({ busy: false, message: t("requester.empty"), error: true });
    setState({ busy: true, message: null, error: false });
    try {
      if (files.length > 0) await requesterApi.upload(token, files);
      onChange(note.trim() ? await requesterApi.reply(token, note.trim()) : await requesterApi.view(token));
      setNote("");
      setFiles([]);
      setState({ busy: false, message: t("requester.added"), error: false });
    } catch (err) {
      setState({
        busy: false,
        message: message(serverMessage(err, t("requester.failed"))),
        error: true,
      });
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t("requester.reply")}>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-note`}>{t("requester.yourReply")}</Label>
        <Textarea id={`${id}-note`} rows={4} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-files`}>{t("requester.attach")}</Label>
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
          {state.busy ? t("requester.sending") : t("requester.send")}
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
