import { useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Paperclip, Upload } from "../../src/ui/icons";
import type { AttachmentDto } from "../../src/shared/dto";
import { PUBLIC_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { formatFileSize } from "../../src/shared/format";
import { relativeTime } from "../../src/shared/relative-time";
import { uploadProblem } from "../../src/shared/upload-rules";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { api, serverMessage } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";

/** Spec §2 attachments card: list with downloads (new tab) and an upload (spec §7 multipart `file`). */
export function AttachmentsCard({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const list = useQuery({
    queryKey: queryKeys.tickets.attachments(ticketId),
    queryFn: () => api.get<AttachmentDto[]>(`/api/tickets/${ticketId}/attachments`),
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.post(`/api/tickets/${ticketId}/attachments`, body);
    },
    onSuccess: () => {
      setChosen(null);
      if (input.current) input.current.value = "";
      toast({ title: "File uploaded successfully" });
      return client.invalidateQueries({ queryKey: queryKeys.tickets.attachments(ticketId) });
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
        {list.isPending ? (
          <p className="text-sm text-gray-600">Loading attachments...</p>
        ) : list.data?.length ? (
          <ul className="flex flex-col gap-2">
            {list.data.map((a) => (
              <li
                key={a.id}
                className="flex items-center gap-2 rounded-md border p-2 text-sm border-gray-200"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{a.originalName}</span>
                  <span className="block text-xs text-gray-600">
                    {formatFileSize(a.fileSize)} · {relativeTime(a.createdAt)}
                  </span>
                </span>
                <a
                  href={`/api/attachments/${a.id}/download`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Download ${a.originalName}`}
                  className="inline-flex h-9 items-center gap-1 rounded-md border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50"
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Download</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No attachments yet.</p>
        )}
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
