import type { RequesterViewDto } from "../../src/shared/dto";
import { useI18n } from "../../src/i18n/react";
import { Badge } from "../../src/ui/Badge";

/** The public conversation, oldest first: the requester's messages and staff replies, told apart by a badge. */
export function Conversation({ notes }: { notes: RequesterViewDto["notes"] }) {
  const { t, dateTime } = useI18n();
  if (notes.length === 0) return <p className="text-sm text-gray-600">{t("requester.noMessages")}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={t("requester.conversation")}>
      {notes.map((n) => (
        <li
          key={n.id}
          className={`rounded-lg border p-3 ${n.fromStaff ? "border-blue-200 bg-blue-50" : "border-gray-200 bg-white"}`}
        >
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">
              {n.userName || t(n.fromStaff ? "requester.support" : "requester.you")}
            </span>
            {n.fromStaff && <Badge color="blue">{t("ticket.staff")}</Badge>}
            {n.source === "email" && <span className="text-xs text-gray-600">{t("requester.byEmail")}</span>}
            {/* The server and the browser may be in different time zones: the browser's reading wins. */}
            <time dateTime={n.createdAt} className="text-xs text-gray-600" suppressHydrationWarning>
              {dateTime(n.createdAt)}
            </time>
          </div>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">{n.note}</p>
        </li>
      ))}
    </ol>
  );
}
