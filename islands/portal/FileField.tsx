import { useId, type ChangeEvent } from "react";
import { Paperclip, X } from "../../src/ui/icons";
import { Button } from "../../src/ui/Button";
import { Label } from "../../src/ui/Input";
import { PUBLIC_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { formatFileSize } from "../../src/shared/format";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";
import { portalUploadProblem } from "./upload-problem";

// Files have no id and the same file may be chosen twice, so each File object gets a number as its key.
const keys = new WeakMap<File, number>();
let lastKey = 0;
const keyOf = (f: File) => {
  if (!keys.has(f)) keys.set(f, ++lastKey);
  return keys.get(f);
};

/** Attachments of a new ticket: several files, each checked for type and size before sending. */
export function FileField({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const toast = useToast();
  const i18n = useI18n();
  const { t } = i18n;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const accepted: File[] = [];
    for (const file of Array.from(e.target.files ?? [])) {
      const problem = portalUploadProblem(i18n, file);
      if (problem) toast({ ...problem, variant: "destructive" });
      else accepted.push(file);
    }
    e.target.value = "";
    onChange([...files, ...accepted]);
  };
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <Label htmlFor={id}>{t("field.attachments")}</Label>
      <input
        id={id}
        type="file"
        multiple
        accept={PUBLIC_UPLOAD_EXTENSIONS.join(",")}
        onChange={pick}
        className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-800"
      />
      <p className="text-xs text-gray-600">
        {t("field.attachmentsHint", { extensions: PUBLIC_UPLOAD_EXTENSIONS.join(" ") })}
      </p>
      {files.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t("field.selectedFiles")}>
          {files.map((f) => (
            <li
              key={keyOf(f)}
              className="flex items-center gap-2 rounded-md border bg-gray-50 px-2 py-1 text-sm border-gray-200"
            >
              <Paperclip className="h-4 w-4 shrink-0 text-gray-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{f.name}</span>
              <span className="shrink-0 text-xs text-gray-600">{formatFileSize(f.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="h-7 w-7"
                aria-label={t("field.removeFile", { name: f.name })}
                onClick={() => onChange(files.filter((g) => g !== f))}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
