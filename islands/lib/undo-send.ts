import { useQueryClient } from "@tanstack/react-query";
import { MAIL_UNDO_MS } from "../../src/shared/constants";
import { api, serverMessage } from "./api";
import { queryKeys } from "./query-keys";
import { useToast } from "./toast";
import { useI18n } from "../../src/i18n/react";

export type HeldMail = { ids: number[]; until: string };
type Offer = { heldMail?: HeldMail; title: string } & (
  | {
      ticketId: number;
      /** The status to go back to. */
      status?: string;
      /** A reply whose e-mail is cancelled (it stays as an internal note). */
      noteId?: number;
    }
  /** A bulk status change: each ticket with the status to go back to. */
  | { tickets: { id: number; status: string }[] }
);

/**
 * After a change that e-mails the requester: a toast with Undo while the e-mail is held (the server
 * holds it as long and refuses the undo once it has left). Without held mail, a plain toast.
 */
export function useUndoSend() {
  const toast = useToast();
  const client = useQueryClient();
  const { t, message } = useI18n();
  const undo = async (o: Offer) => {
    const mailIds = o.heldMail!.ids;
    try {
      if ("tickets" in o) await api.post("/api/admin/tickets/bulk/undo", { mailIds, tickets: o.tickets });
      else
        await api.post(`/api/admin/tickets/${o.ticketId}/undo`, {
          mailIds,
          status: o.status,
          noteId: o.noteId,
        });
      toast({ title: t("undo.done"), description: t("tickets" in o ? "undo.doneBulk" : "undo.doneText") });
    } catch (err) {
      toast({
        title: t("undo.failed"),
        description: message(serverMessage(err, "")),
        variant: "destructive",
      });
    } finally {
      await client.invalidateQueries({ queryKey: queryKeys.tickets.all });
    }
  };
  return (o: Offer) => {
    if (!o.heldMail?.ids.length) return toast({ title: o.title });
    toast({
      title: o.title,
      description: t("undo.held", { seconds: MAIL_UNDO_MS / 1000 }),
      duration: MAIL_UNDO_MS,
      action: {
        label: t("undo.label"),
        altText: t("undo.alt"),
        onClick: () => void undo(o),
      },
    });
  };
}
