import { useId } from "react";
import { format } from "date-fns";
import { type Note, useNotes } from "../lib/queries/ticket-files";
import { NoteList } from "../tickets/NoteList";
import { RequesterLink } from "./RequesterLink";
import { UnverifiedReplies } from "./UnverifiedReplies";
import { FollowButton } from "./FollowButton";
import { Composer } from "./ticket/Composer";

const stamp = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");
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
  const notes = useNotes("staff", ticketId);
  const held = notes.data?.filter(isHeld) ?? [];
  return (
    <section aria-labelledby={heading} className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 id={heading} className="font-semibold text-gray-900">
          Conversation
        </h3>
        <FollowButton ticketId={ticketId} />
      </div>
      <UnverifiedReplies ticketId={ticketId} notes={held} when={stamp} />
      <NoteList
        notes={notes.data?.filter((n) => !isHeld(n))}
        when={stamp}
        pending={notes.isPending}
        empty="No notes yet"
        className="max-h-[12rem] overflow-y-auto"
        data-testid="detail-notes"
      />
      <Composer ticketId={ticketId} requester={requester} status={status} />
      <RequesterLink ticketId={ticketId} />
    </section>
  );
}
