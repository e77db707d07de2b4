import { useId, useRef, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Input, Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import { FormAlert } from "../../../src/ui/FormField";
import { serverMessage } from "../../lib/api";
import {
  deleteArticle,
  previewMarkdown,
  saveArticle,
  type ArticleDetail,
  type ArticleInput,
} from "../../lib/queries/knowledge";
import { useSettingsMutation } from "../settings/use-settings-mutation";
import { RevisionDiff } from "./RevisionDiff";
import { InsertImage } from "./InsertImage";
import { useI18n } from "../../../src/i18n/react";

const blank: ArticleInput = { title: "", category: "", visibility: "public", status: "draft", body: "" };

/** One article's form: Markdown with a server-rendered preview, and its kept revisions with their changes. */
export function ArticleEditor({ article, onDone }: { article: ArticleDetail | null; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<ArticleInput>(article ?? blank);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [shownRevision, setShownRevision] = useState<number | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const { t, message, dateTime } = useI18n();
  const save = useSettingsMutation(saveArticle, {
    success: (r) => ({ title: t("kb.saved", { title: r.title }) }),
    failure: (m) => ({ title: t("kb.saveFailed"), description: m ?? undefined }),
    onSuccess: onDone,
  });
  const remove = useSettingsMutation(deleteArticle, {
    success: { title: t("kb.deleted") },
    failure: (m) => ({ title: t("kb.deleteFailed"), description: m ?? undefined }),
    onSuccess: onDone,
  });
  const set = <K extends keyof ArticleInput>(k: K, v: ArticleInput[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const showPreview = async () => {
    try {
      setPreview((await previewMarkdown(draft.body)).html);
      setPreviewError(null);
    } catch (err) {
      setPreviewError(message(serverMessage(err, t("kb.previewFailed"))));
    }
  };
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={article ? t("kb.edit", { title: article.title }) : t("kb.new")}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: article?.id ?? null, input: draft });
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{t("kb.title")}</Label>
        <Input
          id={`${id}-title`}
          required
          maxLength={200}
          value={draft.title}
          onChange={(e) => set("title", e.target.value)}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`}>{t("kb.category")}</Label>
          <Input
            id={`${id}-category`}
            maxLength={80}
            value={draft.category}
            onChange={(e) => set("category", e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-visibility`}>{t("kb.visibleTo")}</Label>
          <NativeSelect
            id={`${id}-visibility`}
            value={draft.visibility}
            onChange={(e) => set("visibility", e.target.value as ArticleInput["visibility"])}
          >
            <option value="public">{t("kb.everyone")}</option>
            <option value="staff">{t("kb.staffOnly")}</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>{t("filters.status")}</Label>
          <NativeSelect
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => set("status", e.target.value as ArticleInput["status"])}
          >
            <option value="draft">{t("kb.draft")}</option>
            <option value="published">{t("kb.published")}</option>
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>{t("kb.body")}</Label>
        <Textarea
          id={`${id}-body`}
          ref={bodyRef}
          rows={12}
          value={draft.body}
          onChange={(e) => set("body", e.target.value)}
        />
        <InsertImage
          onInsert={(markdown) => {
            const at = bodyRef.current?.selectionStart ?? draft.body.length;
            set("body", `${draft.body.slice(0, at)}\n\n${markdown}\n\n${draft.body.slice(at)}`);
          }}
        />
      </div>
      {previewError && <FormAlert>{previewError}</FormAlert>}
      {preview !== null && (
        <section
          aria-label={t("kb.preview")}
          className="rounded border border-gray-200 bg-gray-50 p-3 text-sm"
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cut this HTML to its allow-list */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("kb.saving") : t("kb.save")}
        </Button>
        <Button type="button" variant="outline" onClick={showPreview}>
          {t("kb.preview")}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("look.cancel")}
        </Button>
        {article && (
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              window.confirm(t("kb.confirmDelete", { title: article.title })) && remove.mutate(article.id)
            }
          >
            {t("kb.delete")}
          </Button>
        )}
      </div>
      {article && article.revisions.length > 0 && (
        <section aria-label={t("kb.revisions")} className="mt-2">
          <h3 className="text-sm font-semibold text-gray-900">{t("kb.revisions")}</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {article.revisions.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="text-blue-700 underline"
                  aria-expanded={shownRevision === r.id}
                  onClick={() => setShownRevision(shownRevision === r.id ? null : r.id)}
                >
                  {dateTime(r.createdAt)} – {r.title}
                </button>
                {shownRevision === r.id && <RevisionDiff before={r.body} after={article.body} />}
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
