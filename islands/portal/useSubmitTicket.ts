import { useState } from "react";
import { serverMessage } from "../lib/api";
import { type SubmitResult, submitTicket } from "../lib/queries/portal";
import { useToast } from "../lib/toast";
import { useI18n } from "../../src/i18n/react";

type Vars = Parameters<typeof submitTicket.mutationFn>[0];

/** Submits the ticket and its files, then toasts the outcome; an upload failure still shows the ticket id.
 * Plain state rather than a query client: the portal's first screen then loads no query library. */
export function useSubmitTicket(onDone: (created: SubmitResult["created"]) => void) {
  const toast = useToast();
  const { t } = useI18n();
  const [isPending, setPending] = useState(false);
  const ui = {
    onSuccess: ({ created, sent, uploadError }: SubmitResult) => {
      onDone(created);
      if (uploadError)
        return toast({
          title: t("toast.uploadFailed"),
          description: serverMessage(uploadError, t("toast.uploadFailedText")),
          variant: "destructive",
        });
      const values = { ticketId: created.ticketId, count: sent };
      toast({
        title: t("toast.success"),
        description: sent > 0 ? t("toast.submittedWithFiles", values) : t("toast.submitted", values),
      });
    },
    onError: () =>
      toast({
        title: t("toast.error"),
        description: t("toast.submitFailed"),
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
