import { useId, useRef, useState } from "react";
import { useApiMutation } from "../lib/queries/mutation";
import {
  type Attachment,
  deleteAttachment,
  uploadStaffAttachment,
  useAttachments,
} from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { ConfirmDialog } from "../../src/ui/Dialog";
import { Trash2 } from "../../src/ui/icons";
import { STAFF_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { uploadProblem } from "../../src/shared/upload-rules";
import { AttachmentList } from "../tickets/AttachmentList";
import { useI18n } from "../../src/i18n/react";

/** Files of one ticket (internal ones included): upload with the staff extension list, download, delete after a confirm. */
export function DetailAttachments({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [internal, setInternal] = useState(false);
  const [doomed, setDoomed] = useState<Attachment | null>(null);
  const ids = { file: useId(), internal: useId() };
  const files = useAttachments("staff", ticketId);
  const failed = (title: string) => () => toast({ title, variant: "destructive" });
  const upload = useApiMutation(uploadStaffAttachment(ticketId), {
    onSuccess: () => toast({ title: t("files.uploaded") }),
    onError: failed(t("look.uploadFailed")),
  });
  const remove = useApiMutation(deleteAttachment(ticketId), {
    onSuccess: () => {
      toast({ title: t("look.fileDeleted") });
      setDoomed(null);
    },
    onError: failed(t("look.fileDeleteFailed")),
  });
  const pick = (file?: File) => {
    if (!file) return;
    const problem = uploadProblem("staff", { name: file.name, size: file.size });
    if (problem) toast({ title: problem.title, description: problem.description, variant: "destructive" });
    else
      upload.mutate(
        { file, isInternal: internal },
        {
          onSettled: () => {
            if (input.current) input.current.value = "";
          },
        },
      );
  };
  return (
    <section className="space-y-2" aria-labelledby={`${ids.file}-h`}>
      <h3 id={`${ids.file}-h`} className="font-semibold text-gray-900">
        {t("files.title")}
      </h3>
      <AttachmentList
        files={files.data}
        side="staff"
        pending={files.isPending}
        empty={t("look.noFiles")}
        actions={(a) => (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("look.deleteFile", { name: a.originalName })}
            onClick={() => setDoomed(a)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={ids.file} className="text-sm font-medium text-gray-800">
          {t("look.uploadFile")}
        </label>
        <input
          id={ids.file}
          ref={input}
          type="file"
          accept={STAFF_UPLOAD_EXTENSIONS.join(",")}
          disabled={upload.isPending}
          onChange={(e) => pick(e.target.files?.[0])}
          className="text-sm"
        />
        <label htmlFor={ids.internal} className="flex items-center gap-2 text-sm text-gray-700">
          <input
            id={ids.internal}
            type="checkbox"
            checked={internal}
            onChange={(e) => setInternal(e.target.checked)}
          />{" "}
          {t("look.internalFile")}
        </label>
      </div>
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(o) => !o && setDoomed(null)}
        title={t("look.deleteFileTitle")}
        description={
          doomed ? t("look.deleteFileText", { name: doomed.originalName }) : t("look.deleteThisFile")
        }
        pending={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.id)}
      />
    </section>
  );
}
