import { useState } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { sendTicketLink } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Button } from "../../src/ui/Button";

/** The requester's private link: send it again, or replace it (every earlier link stops working at once). */
export function RequesterLink({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const send = useApiMutation(sendTicketLink(ticketId), {
    onSuccess: (r) => {
      setConfirming(false);
      toast({ title: r.message });
    },
    onError: (err) => toast({ title: serverMessage(err, "Failed to send the link"), variant: "destructive" }),
  });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-2 text-sm">
      <span className="text-gray-700">Requester's private link:</span>
      {confirming ? (
        <>
          <span role="alert" className="text-gray-800">
            The current link stops working at once.
          </span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => send.mutate({ reset: true })}
            disabled={send.isPending}
          >
            Reset and send
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Cancel
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
            Resend link
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Reset link
          </Button>
        </>
      )}
    </div>
  );
}
