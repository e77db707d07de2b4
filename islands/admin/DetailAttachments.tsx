import { useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "../../src/ui/icons";
import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { Badge } from "../../src/ui/Badge";
import { ConfirmDialog } from "../../src/ui/Dialog";
import type { AttachmentDto } from "../../src/shared/dto";
import { STAFF_UPLOAD_EXTENSIONS } from "../../src/shared/constants";
import { uploadProblem } from "../../src/shared/upload-rules";
import { useFailureToast } from "./use-admin-tickets";

const kb = (n: number) =>
  n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Files of one ticket (internal ones included): upload with the staff extension list, download, delete after a confirm. */
export function DetailAttachments({ ticketId }: { ticketId: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const fail = useFailureToast();
  const input = useRef<HTMLInputElement>(null);
  const [internal, setInternal] = useState(false);
  const [doomed, setDoomed] = useState<AttachmentDto | null>(null);
  const ids = { file: useId(), internal: useId() };
  const key = queryKeys.tickets.attachments(ticketId);
  const files = useQuery({
    queryKey: key,
    queryFn: () => api.get<AttachmentDto[]>(`/api/admin/tickets/${ticketId}/attachments`),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      body.append("isInternal", String(internal));
      return api.post<AttachmentDto[]>(`/api/admin/tickets/${ticketId}/attachments`, body);
    },
    onSuccess: () => {
      toast({ title: "File uploaded successfully" });
      refresh();
    },
    onError: (err) => fail(err, "Failed to upload file"),
    onSettled: () => {
      if (input.current) input.current.value = "";
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/attachments/${id}`),
    onSuccess: () => {
      toast({ title: "Attachment deleted successfully" });
      setDoomed(null);
      refresh();
    },
    onError: (err) => fail(err, "Failed to delete attachment"),
  });
  const pick = (file?: File) => {
    if (!file) return;
    const problem = uploadProblem("staff", { name: file.name, size: file.size });
    if (problem) toast({ title: problem.title, description: problem.description, variant: "destructive" });
    else upload.mutate(file);
  };
  return (
    <section className="space-y-2" aria-labelledby={`${ids.file}-h`}>
      <h3 id={`${ids.file}-h`} className="font-semibold text-gray-900">
        Attachments
      </h3>
      <ul className="space-y-1">
        {(files.data ?? []).map((a) => (
          <li
            key={a.id}
            className="flex items-center justify-between gap-2 rounded border border-gray-200 p-2 text-sm"
          >
            <span className="min-w-0 truncate">
              {a.originalName} <span className="text-xs text-gray-600">({kb(a.fileSize)})</span>{" "}
              {a.isInternal && <Badge color="purple">Internal</Badge>}
            </span>
            <span className="flex shrink-0 gap-1">
              <a
                className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-gray-100"
                href={`/api/admin/attachments/${a.id}/download`}
                aria-label={`Download ${a.originalName}`}
              >
                <Download aria-hidden className="h-4 w-4" />
              </a>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${a.originalName}`}
                onClick={() => setDoomed(a)}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </span>
          </li>
        ))}
        {files.data?.length === 0 && <li className="text-sm text-gray-600">No attachments</li>}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={ids.file} className="text-sm font-medium text-gray-800">
          Upload File
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
          Internal file (staff only)
        </label>
      </div>
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete attachment?"
        description={`${doomed?.originalName ?? "This file"} will be permanently deleted. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.id)}
      />
    </section>
  );
}
