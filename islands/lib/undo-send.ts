import { useQueryClient } from "@tanstack/react-query";
import { MAIL_UNDO_MS } from "../../src/shared/constants";
import { api, serverMessage } from "./api";
import { queryKeys } from "./query-keys";
import { useToast } from "./toast";
import { useI18n } from "../../src/i18n/react";

export type HeldMail = { ids: number[]; until: string };
type Offer = {
  ticketId: number;
  heldMail?: HeldMail;
  title: string;
  /** The status to go back to. */
  status?: string;
  /** A reply whose e-mail is cancelled (it stays as an internal note). */
  noteId?: number;
};

/**
 * After a change that e-mails the requester: a toast with Undo while the e-mail is held (the server
 * holds it as long and refuses the undo once it has left). Without held mail, a plain toast.
 */
export function useUndoSend() {
  const toast = useToast();
  const client = useQueryClient();
  const { t, message } = useI18n();
  const undo = async ({ ticketId, heldMail, status, noteId }: Offer) => {
    try {
      await api.post(`/api/admin/tickets/${ticketId}/undo`, { mailIds: heldMail!.ids, status, noteId });
      toast({ title: t("undo.done"), description: t("undo.doneText") });
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
