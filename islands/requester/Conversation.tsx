import type { RequesterViewDto } from "../../src/shared/dto";
import { fullDateTime } from "../../src/shared/relative-time";
import { Badge } from "../../src/ui/Badge";

/** The public conversation, oldest first: the requester's messages and staff replies, told apart by a badge. */
export function Conversation({ notes }: { notes: RequesterViewDto["notes"] }) {
  if (notes.length === 0) return <p className="text-sm text-gray-600">No messages yet.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {notes.map((n) => (
        <li
          key={n.id}
          className={`rounded-lg border p-3 ${n.fromStaff ? "border-blue-200 bg-blue-50" : "border-gray-200 bg-white"}`}
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{n.userName || (n.fromStaff ? "Support" : "You")}</span>
            {n.fromStaff && <Badge color="blue">Staff</Badge>}
            {n.source === "email" && <span className="text-xs text-gray-600">by e-mail</span>}
            {/* The server and the browser may be in different time zones: the browser's reading wins. */}
            <time dateTime={n.createdAt} className="text-xs text-gray-600" suppressHydrationWarning>
              {fullDateTime(n.createdAt)}
            </time>
          </div>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">{n.note}</p>
        </li>
      ))}
    </ol>
  );
}
