import { useId, useState } from "react";
import { FormAlert } from "../../../src/ui/FormField";
import { serverMessage } from "../../lib/api";
import { uploadArticleImage } from "../../lib/queries/knowledge";
import { useI18n } from "../../../src/i18n/react";

/** "Insert image": uploads a PNG, JPEG, GIF or WebP and hands back the Markdown to put at the cursor. */
export function InsertImage({ onInsert }: { onInsert: (markdown: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t, message } = useI18n();
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-within:ring-2 focus-within:ring-blue-600"
      >
        {busy ? t("kb.uploading") : t("kb.insertImage")}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          disabled={busy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            setBusy(true);
            try {
              onInsert((await uploadArticleImage(file)).markdown);
              setError(null);
            } catch (err) {
              setError(message(serverMessage(err, t("kb.imageFailed"))));
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}
