import type { HTMLAttributes } from "react";
import { Badge } from "../../src/ui/Badge";
import { cn } from "../../src/ui/cn";
import type { Note } from "../lib/queries/ticket-files";
import { noteAuthor } from "./note-author";

/** The marks beside a note's author; the public list only ever holds notes without one. */
function NoteBadges({ note }: { note: Note }) {
  return note.isInternal ? <Badge color="purple">Internal</Badge> : null;
}

type Props = Omit<HTMLAttributes<HTMLUListElement>, "children"> & {
  notes: readonly Note[] | undefined;
  /** How a note's time reads: relative on the portal, a date and time for staff. */
  when: (iso: string) => string;
  empty: string;
  /** While the first load runs: this text, or nothing when absent. */
  pending: boolean;
  loading?: string;
};

/** The notes of one ticket, oldest first, as both the portal and the staff ticket dialog show them. */
export function NoteList({ notes, when, empty, pending, loading, className, ...list }: Props) {
  if (pending) return loading ? <p className="text-sm text-gray-600">{loading}</p> : null;
  if (!notes?.length) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul className={cn("flex flex-col gap-2", className)} {...list}>
      {notes.map((n) => (
        <li key={n.id} className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
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
