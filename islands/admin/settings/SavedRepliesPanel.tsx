import { useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label, Textarea } from "../../../src/ui/Input";
import { Spinner } from "../../../src/ui/Spinner";
import { useI18n } from "../../../src/i18n/react";
import { PLACEHOLDERS } from "../../../src/shared/placeholders";
import { savedReplySchema } from "../../../src/shared/schemas/saved-reply";
import { useToast } from "../../lib/toast";
import { useApiMutation } from "../../lib/queries/mutation";
import {
  deleteSavedReply,
  type SavedReply,
  saveSavedReply,
  useSavedReplies,
} from "../../lib/queries/saved-replies";

const BLANK = { title: "", body: "", shared: false, tags: "", status: "" };
type Draft = typeof BLANK & { id?: number };
const draftOf = (r: SavedReply): Draft => ({ ...r, tags: r.tags.join(", "), status: r.status ?? "" });

/** Saved replies: one's own, and (for admins) the shared ones; the placeholders are listed beside the text. */
export function SavedRepliesPanel({ canShare }: { canShare: boolean }) {
  const ids = { title: useId(), body: useId(), tags: useId(), shared: useId() };
  const { t, message } = useI18n();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const replies = useSavedReplies();
  const save = useApiMutation(saveSavedReply, {
    onSuccess: () => {
      setDraft(null);
      toast({ title: t("rules.reply.saved") });
    },
    onError: (err) => setError((err as Error).message),
  });
  const remove = useApiMutation(deleteSavedReply, {
    onSuccess: () => toast({ title: t("rules.reply.deleted") }),
  });
  const submit = (d: Draft) => {
    const body = {
      ...d,
      tags: d.tags
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      status: d.status || null,
    };
    const parsed = savedReplySchema.safeParse(body);
    if (!parsed.success) return setError(message(parsed.error.issues[0]!.message));
    setError(null);
    save.mutate({ ...parsed.data, id: d.id });
  };
  const editable = (r: SavedReply) => canShare || !r.shared;
  return (
    <section className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-gray-900">{t("rules.reply.title")}</h2>
        <Button size="sm" onClick={() => setDraft({ ...BLANK })}>
          {t("rules.reply.new")}
        </Button>
      </div>
      {replies.isPending && <Spinner />}
      {replies.data?.length === 0 && <p className="text-sm text-gray-600">{t("rules.reply.none")}</p>}
      <ul className="divide-y divide-gray-100">
        {replies.data?.map((r) => (
          <li key={r.id} className="flex items-center gap-2 py-2" data-testid="saved-reply-row">
            <span className="font-medium">{r.title}</span>
            <span className="text-xs text-gray-600">
              {r.shared ? t("rules.reply.shared") : t("rules.reply.personal")} ·{" "}
              {t("rules.reply.used", { count: r.usageCount })}
            </span>
            {editable(r) && (
              <span className="ml-auto flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(r))}>
                  {t("rules.edit")}
                </Button>
                <Button size="sm" variant="destructive" onClick={() => remove.mutate(r.id)}>
                  {t("ui.delete")}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {draft && (
        <form
          className="space-y-2 rounded-md border border-gray-200 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit(draft);
          }}
        >
          <Label htmlFor={ids.title}>{t("rules.reply.name")}</Label>
          <Input
            id={ids.title}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
          <Label htmlFor={ids.body}>{t("rules.reply.body")}</Label>
          <Textarea
            id={ids.body}
            rows={5}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          />
          <p className="text-xs text-gray-600">
            {t("rules.reply.placeholders", { list: PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ") })}
          </p>
          <Label htmlFor={ids.tags}>{t("rules.reply.tags")}</Label>
          <Input
            id={ids.tags}
            value={draft.tags}
            onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
          />
          {canShare && (
            <label htmlFor={ids.shared} className="flex items-center gap-2 text-sm">
              <input
                id={ids.shared}
                type="checkbox"
                checked={draft.shared}
                onChange={(e) => setDraft({ ...draft, shared: e.target.checked })}
              />
              {t("rules.reply.sharedWithAll")}
            </label>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setDraft(null)}>
              {t("ui.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {t("rules.reply.save")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
