import { useState } from "react";
import { useToast } from "../../lib/toast";
import { useApiMutation } from "../../lib/queries/mutation";
import { useSavedReplies, useSavedReplyOn } from "../../lib/queries/saved-replies";
import { SearchPicker } from "./SearchPicker";
import { useI18n } from "../../../src/i18n/react";

/**
 * Saved replies to pick from, searched by title: the chosen one comes back filled in for the ticket
 * (its status and tags applied) and is handed to `onInsert`.
 */
export function SavedReplyPicker({
  ticketId,
  onInsert,
  onClose,
}: {
  ticketId: number;
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const toast = useToast();
  const replies = useSavedReplies(q.trim());
  const use = useApiMutation(useSavedReplyOn(ticketId), {
    onSuccess: (r) => onInsert(r.text),
    onError: () => toast({ title: t("ticket.savedReplyFailed"), variant: "destructive" }),
  });
  return (
    <SearchPicker
      label={t("ticket.searchSavedReplies")}
      listLabel={t("ticket.savedReplies")}
      testId="saved-reply-picker"
      items={replies.data ?? []}
      pending={replies.isPending}
      empty={replies.data?.length === 0 ? t("ticket.noSavedReplies") : null}
      onQuery={setQ}
      onPick={(r) => use.mutate(r.id)}
      onClose={onClose}
      render={(r) => (
        <>
          <span className="font-medium">{r.title}</span>
          {r.shared && <span className="ml-2 text-xs text-gray-600">{t("ticket.shared")}</span>}
        </>
      )}
    />
  );
}
