import { api } from "../lib/api";
import { queryKeys } from "../lib/query-keys";
import { type MutationDef, useApiMutation } from "../lib/queries/mutation";
import { relogin } from "../lib/queries/relogin";
import type { Note } from "../lib/queries/ticket-files";
import { useToast } from "../lib/toast";
import { Badge } from "../../src/ui/Badge";
import { Button } from "../../src/ui/Button";
import { useI18n } from "../../src/i18n/react";

type Decision = "accept" | "discard";
const decide = (ticketId: number): MutationDef<{ noteId: number; what: Decision }, unknown> => ({
  mutationFn: ({ noteId, what }) => api.post(`/api/admin/tickets/${ticketId}/unverified/${what}`, { noteId }),
  invalidates: [queryKeys.tickets.notes(ticketId), queryKeys.tickets.attachments(ticketId)],
  relogin,
});

/**
 * Replies by e-mail whose sender could not be verified: staff read them and decide. Accepting makes one the
 * requester's note (and tells whoever a reply tells); discarding removes it and its files.
 */
export function UnverifiedReplies({
  ticketId,
  notes,
  when,
}: {
  ticketId: number;
  notes: Note[];
  when: (iso: string) => string;
}) {
  const toast = useToast();
  const { t } = useI18n();
  const run = useApiMutation(decide(ticketId), {
    onSuccess: (_r, v) => toast({ title: t(v.what === "accept" ? "held.accepted" : "held.discarded") }),
    onError: () =>
      toast({
        title: t("held.failed"),
        description: t("held.tryAgain"),
        variant: "destructive",
      }),
  });
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" data-testid="unverified-replies">
      {notes.map((n) => (
        <li key={n.id} className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{n.userName || n.userEmail}</span>
            <Badge color="orange">{t("held.badge")}</Badge>
            <span className="text-xs text-gray-600">{when(n.createdAt)}</span>
          </div>
          <p className="mt-1 text-xs text-gray-700">
            {n.userEmail} · {"unverifiedReason" in n ? n.unverifiedReason : null}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{n.note}</p>
          <div className="mt-2 flex justify-end gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={run.isPending}
              onClick={() => run.mutate({ noteId: n.id, what: "discard" })}
            >
              {t("held.discard")}
            </Button>
            <Button
              size="sm"
              disabled={run.isPending}
              onClick={() => run.mutate({ noteId: n.id, what: "accept" })}
            >
              {t("held.accept")}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
