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

const blank: ArticleInput = { title: "", category: "", visibility: "public", status: "draft", body: "" };

/** One article's form: Markdown with a server-rendered preview, and its kept revisions with their changes. */
export function ArticleEditor({ article, onDone }: { article: ArticleDetail | null; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<ArticleInput>(article ?? blank);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [shownRevision, setShownRevision] = useState<number | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSettingsMutation(saveArticle, {
    success: (r) => ({ title: `Article saved: ${r.title}` }),
    failure: (m) => ({ title: "Failed to save the article", description: m ?? undefined }),
    onSuccess: onDone,
  });
  const remove = useSettingsMutation(deleteArticle, {
    success: { title: "Article deleted" },
    failure: (m) => ({ title: "Failed to delete the article", description: m ?? undefined }),
    onSuccess: onDone,
  });
  const set = <K extends keyof ArticleInput>(k: K, v: ArticleInput[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const showPreview = async () => {
    try {
      setPreview((await previewMarkdown(draft.body)).html);
      setPreviewError(null);
    } catch (err) {
      setPreviewError(serverMessage(err, "The preview could not be made"));
    }
  };
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={article ? `Edit ${article.title}` : "New article"}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: article?.id ?? null, input: draft });
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>Title</Label>
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
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Input
            id={`${id}-category`}
            maxLength={80}
            value={draft.category}
            onChange={(e) => set("category", e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-visibility`}>Visible to</Label>
          <NativeSelect
            id={`${id}-visibility`}
            value={draft.visibility}
            onChange={(e) => set("visibility", e.target.value as ArticleInput["visibility"])}
          >
            <option value="public">Everyone (portal)</option>
            <option value="staff">Staff only</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={draft.status}
            onChange={(e) => set("status", e.target.value as ArticleInput["status"])}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>Body (Markdown)</Label>
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
        <section aria-label="Preview" className="rounded border border-gray-200 bg-gray-50 p-3 text-sm">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cut this HTML to its allow-list */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save article"}
        </Button>
        <Button type="button" variant="outline" onClick={showPreview}>
          Preview
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        {article && (
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => window.confirm(`Delete “${article.title}”?`) && remove.mutate(article.id)}
          >
            Delete
          </Button>
        )}
      </div>
      {article && article.revisions.length > 0 && (
        <section aria-label="Revisions" className="mt-2">
          <h3 className="text-sm font-semibold text-gray-900">Revisions</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {article.revisions.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="text-blue-700 underline"
                  aria-expanded={shownRevision === r.id}
                  onClick={() => setShownRevision(shownRevision === r.id ? null : r.id)}
                >
                  {new Date(r.createdAt).toLocaleString()} – {r.title}
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
