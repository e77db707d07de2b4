import { useRef, useState } from "react";
import { Paperclip, Upload } from "../../src/ui/icons";
import { PUBLIC_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { relativeTime } from "../../src/shared/relative-time";
import { uploadProblem } from "../../src/shared/upload-rules";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { uploadPublicAttachment, useAttachments } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { AttachmentList } from "../tickets/AttachmentList";

const relative = (iso: string) => relativeTime(iso);

/** The public attachments card: the files with their downloads, and an upload of one more file. */
export function AttachmentsCard({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const list = useAttachments("public", ticketId);
  const upload = useApiMutation(uploadPublicAttachment(ticketId), {
    onSuccess: () => {
      setChosen(null);
      if (input.current) input.current.value = "";
      toast({ title: "File uploaded successfully" });
    },
    onError: (err) =>
      toast({
        title: "Upload failed",
        description: serverMessage(err, "Failed to upload file"),
        variant: "destructive",
      }),
  });
  const send = () => {
    if (!chosen) return;
    const problem = uploadProblem("public", chosen);
    if (problem) return toast({ ...problem, variant: "destructive" });
    upload.mutate(chosen);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Paperclip className="h-5 w-5" aria-hidden="true" />
          Attachments
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <AttachmentList
          files={list.data}
          side="public"
          pending={list.isPending}
          loading="Loading attachments..."
          empty="No attachments yet."
          when={relative}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label className="sr-only" htmlFor={`upload-${ticketId}`}>
            Choose a file to upload
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
            {upload.isPending ? "Uploading..." : "Upload"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
