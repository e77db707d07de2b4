import { useMutation } from "@tanstack/react-query";
import { api, serverMessage } from "../lib/api";
import { useToast } from "../lib/toast";

type Created = { id: number; ticketId: string };

/** Creates the ticket, then sends the chosen files (spec §7: POST /api/tickets, then /api/tickets/upload). */
export function useSubmitTicket(onDone: (created: Created) => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ payload, files }: { payload: unknown; files: File[] }) => {
      const created = await api.post<Created>("/api/tickets", payload);
      let uploadError: unknown = null;
      if (files.length > 0) {
        // The ticket goes before the files: the server checks it before storing a byte of them.
        const body = new FormData();
        body.append("ticketId", String(created.id));
        files.forEach((f) => body.append("files", f));
        await api.post("/api/tickets/upload", body).catch((err) => (uploadError = err));
      }
      return { created, sent: uploadError ? 0 : files.length, uploadError };
    },
    onSuccess: ({ created, sent, uploadError }) => {
      onDone(created);
      if (uploadError)
        return toast({
          title: "Upload failed",
          description: serverMessage(uploadError, "Failed to upload file"),
          variant: "destructive",
        });
      const withFiles = sent > 0 ? ` with ${sent} attachment(s)` : "";
      toast({
        title: "Success",
        description: `Ticket ${created.ticketId} submitted successfully${withFiles}`,
      });
    },
    onError: () =>
      toast({
        title: "Error",
        description: "Failed to submit ticket. Please try again.",
        variant: "destructive",
      }),
  });
}
