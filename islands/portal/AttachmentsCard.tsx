import { useRef, useState } from "react";
import { Paperclip, Upload } from "../../src/ui/icons";
import { PUBLIC_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { useI18n } from "../../src/i18n/react";
import { portalUploadProblem } from "./upload-problem";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { uploadPublicAttachment, useAttachments } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { AttachmentList } from "../tickets/AttachmentList";

/** The public attachments card: the files with their downloads, and an upload of one more file. */
export function AttachmentsCard({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const i18n = useI18n();
  const { t, relative } = i18n;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const list = useAttachments("public", ticketId);
  const upload = useApiMutation(uploadPublicAttachment(ticketId), {
    onSuccess: () => {
      setChosen(null);
      if (input.current) input.current.value = "";
      toast({ title: t("files.uploaded") });
    },
    onError: (err) =>
      toast({
        title: t("toast.uploadFailed"),
        description: serverMessage(err, t("toast.uploadFailedText")),
        variant: "destructive",
      }),
  });
  const send = () => {
    if (!chosen) return;
    const problem = portalUploadProblem(i18n, chosen);
    if (problem) return toast({ ...problem, variant: "destructive" });
    upload.mutate(chosen);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Paperclip className="h-5 w-5" aria-hidden="true" />
          {t("files.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <AttachmentList
          files={list.data}
          side="public"
          pending={list.isPending}
          loading={t("files.loading")}
          empty={t("files.empty")}
          when={(iso) => relative(iso)}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label className="sr-only" htmlFor={`upload-${ticketId}`}>
            {t("files.choose")}
          </label>
          <input
            ref={input}
            id={`upload-${ticketId}`}
            type="file"
            accept={PUBLIC_UPLOAD_EXTENSIONS.join(",")}
            onChange={(e) => setChosen(e.target.files?.[0] ?? null)}
            className="block w-full min-w-0 text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-800"
          />
          <Button variant="outline" onClick={send} disabled={!chosen || upload.isPending}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {upload.isPending ? t("files.uploading") : t("files.upload")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
