import { useId } from "react";
import { useMoments } from "./moments";
import { type Note, useNotes } from "../lib/queries/ticket-files";
import { NoteList } from "../tickets/NoteList";
import { RequesterLink } from "./RequesterLink";
import { UnverifiedReplies } from "./UnverifiedReplies";
import { FollowButton } from "./FollowButton";
import { Composer } from "./ticket/Composer";
import { useI18n } from "../../src/i18n/react";

const isHeld = (n: Note) => "unverifiedReason" in n && Boolean(n.unverifiedReason);

/**
 * The quick look's conversation: the thread, newest last, and the same composer as the ticket's own
 * page (a reply or an internal note, files, a new status with it). The thread scrolls past 12rem.
 */
export function QuickConversation({
  ticketId,
  requester,
  status,
}: {
  ticketId: number;
  requester: string;
  status: string;
}) {
  const heading = useId();
  const { t } = useI18n();
  const { stamp } = useMoments();
  const notes = useNotes("staff", ticketId);
  const held = notes.data?.filter(isHeld) ?? [];
  return (
    <section aria-labelledby={heading} className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id={heading} className="font-semibold text-gray-900">
          {t("look.conversation")}
        </h3>
        <FollowButton ticketId={ticketId} />
      </div>
      <UnverifiedReplies ticketId={ticketId} notes={held} when={stamp} />
      <NoteList
        notes={notes.data?.filter((n) => !isHeld(n))}
        when={stamp}
        pending={notes.isPending}
        empty={t("look.noNotes")}
        className="max-h-[12rem] overflow-y-auto"
        data-testid="detail-notes"
      />
      <Composer ticketId={ticketId} requester={requester} status={status} />
      <RequesterLink ticketId={ticketId} />
    </section>
  );
}
