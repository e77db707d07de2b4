import type { HTMLAttributes } from "react";
import { Badge } from "../../src/ui/Badge";
import { cn } from "../../src/ui/cn";
import type { Note } from "../lib/queries/ticket-files";
import { noteAuthor } from "./note-author";
import { useI18n } from "../../src/i18n/react";

/** Who wrote it, in a mark nobody can type: staff replies, internal notes, answers that came by e-mail. */
function NoteBadges({ note }: { note: Note }) {
  const { t } = useI18n();
  if (note.isInternal) return <Badge color="purple">Internal</Badge>;
  return (
    <>
      {note.userId !== null && <Badge color="blue">{t("ticket.staff")}</Badge>}
      {note.source === "email" && <span className="text-xs text-gray-600">{t("requester.byEmail")}</span>}
    </>
  );
}

const tone = (n: Note) =>
  n.isInternal
    ? "border-purple-200 bg-purple-50"
    : n.userId !== null
      ? "border-blue-200 bg-blue-50"
      : "border-gray-200 bg-white";

type Props = Omit<HTMLAttributes<HTMLUListElement>, "children"> & {
  notes: readonly Note[] | undefined;
  /** How a note's time reads: relative on the portal, a date and time for staff. */
  when: (iso: string) => string;
  empty: string;
  /** While the first load runs: this text, or nothing when absent. */
  pending: boolean;
  loading?: string;
};

/**
 * The notes of one ticket as one thread, oldest first, as both the portal and the staff ticket dialog show
 * them: the requester's messages, staff replies and (for staff) internal notes, each set apart.
 */
export function NoteList({ notes, when, empty, pending, loading, className, ...list }: Props) {
  if (pending) return loading ? <p className="text-sm text-gray-600">{loading}</p> : null;
  if (!notes?.length) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul className={cn("flex flex-col gap-2", className)} {...list}>
      {notes.map((n) => (
        <li key={n.id} className={cn("rounded-md border p-3 text-sm", tone(n))}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{noteAuthor(n)}</span>
            <NoteBadges note={n} />
            <span className="text-xs text-gray-600">{when(n.createdAt)}</span>
          </div>
          <p className="mt-1 whitespace-pre-wrap break-words">{n.note}</p>
        </li>
      ))}
    </ul>
  );
}
