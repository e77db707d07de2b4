import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { type SubmitResult, submitTicket } from "../lib/queries/portal";
import { useToast } from "../lib/toast";

/** Submits the ticket and its files, then toasts the outcome; an upload failure still shows the ticket id. */
export function useSubmitTicket(onDone: (created: SubmitResult["created"]) => void) {
  const toast = useToast();
  return useApiMutation(submitTicket, {
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
