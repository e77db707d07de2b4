import { useState } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { sendTicketLink } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";
import { useI18n } from "../../src/i18n/react";

/** The requester's private link: send it again, or replace it (every earlier link stops working at once). */
export function RequesterLink({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const { t, message } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const send = useApiMutation(sendTicketLink(ticketId), {
    onSuccess: (r) => {
      setConfirming(false);
      toast({ title: message(r.message) });
    },
    onError: (err) =>
      toast({ title: message(serverMessage(err, t("link.sendFailed"))), variant: "destructive" }),
  });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-2 text-sm">
      <span className="text-gray-700">{t("link.label")}</span>
      {confirming ? (
        <>
          <span role="alert" className="text-gray-800">
            {t("link.resetWarning")}
          </span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => send.mutate({ reset: true })}
            disabled={send.isPending}
          >
            {t("link.resetSend")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {t("look.cancel")}
          </Button>
        </>
      ) : (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => send.mutate({ reset: false })}
            disabled={send.isPending}
          >
            {t("link.resend")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            {t("link.reset")}
          </Button>
        </>
      )}
    </div>
  );
}
