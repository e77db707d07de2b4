import { useState } from "react";
import { serverMessage } from "../lib/api";
import { type SubmitResult, submitTicket } from "../lib/queries/portal";
import { useToast } from "../lib/toast";

type Vars = Parameters<typeof submitTicket.mutationFn>[0];

/** Submits the ticket and its files, then toasts the outcome; an upload failure still shows the ticket id.
 * Plain state rather than a query client: the portal's first screen then loads no query library. */
export function useSubmitTicket(onDone: (created: SubmitResult["created"]) => void) {
  const toast = useToast();
  const [isPending, setPending] = useState(false);
  const ui = {
    onSuccess: ({ created, sent, uploadError }: SubmitResult) => {
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
  };
  const mutate = (vars: Vars) => {
    setPending(true);
    submitTicket
      .mutationFn(vars)
      .then(ui.onSuccess, ui.onError)
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}
