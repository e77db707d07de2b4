import { useEffect, useRef } from "react";
import { Badge } from "../../../src/ui/Badge";
import { cn } from "../../../src/ui/cn";
import { formatFileSize } from "../../../src/shared/format";
import { noteAuthor } from "../../tickets/note-author";
import type { Note } from "../../lib/queries/ticket-files";
import type { TimelineItem } from "./timeline-items";
import { useI18n } from "../../../src/i18n/react";
import { useShortDates } from "../../../src/i18n/short-dates";
import { fill } from "../../lib/fill";

const tone = (n: Note) =>
  n.isInternal
    ? "border-purple-300 bg-purple-50"
    : n.userId !== null
      ? "border-blue-200 bg-blue-50"
      : "border-gray-200 bg-white";

function NoteItem({ n }: { n: Note }) {
  const { t } = useI18n();
  const { moment: stamp } = useShortDates();
  return (
    <div className={cn("rounded-md border p-3 text-sm", tone(n))}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{noteAuthor(n)}</span>
        {n.isInternal ? (
          <Badge color="purple">{t("ticket.internalNote")}</Badge>
        ) : n.userId !== null ? (
          <Badge color="blue">{t("ticket.reply")}</Badge>
        ) : (
          <Badge color="gray">{t("ticket.requester")}</Badge>
        )}
        {n.source === "email" && <span className="text-xs text-gray-700">{t("ticket.byEmail")}</span>}
        <span className="text-xs text-gray-700">{stamp(n.createdAt)}</span>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words">{n.note}</p>
    </div>
  );
}

/**
 * The ticket's whole story in one scrollable list: messages, files and field changes, oldest first.
 * It is focusable so the keyboard scrolls it, and it follows the newest item as one arrives.
 */
export function Timeline({ items, pending }: { items: TimelineItem[]; pending: boolean }) {
  const { t } = useI18n();
  const { moment: stamp } = useShortDates();
  const box = useRef<HTMLElement>(null);
  const last = items.at(-1)?.key;
  useEffect(() => {
    if (last && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last]);
  return (
    <section
      ref={box}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={t("ticket.conversation")}
      data-testid="timeline"
      className="max-h-[65vh] min-h-[12rem] overflow-y-auto rounded-md border border-gray-200 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {pending && <p className="text-sm text-gray-700">{t("ticket.loading")}</p>}
      {!pending && !items.length && <p className="text-sm text-gray-700">{t("ticket.noMessages")}</p>}
      <ol className="flex flex-col gap-2">
        {items.map((i) => (
          <li key={i.key}>
            {i.kind === "note" && <NoteItem n={i.note} />}
            {i.kind === "file" && (
              <p className="text-sm text-gray-800">
                {fill(t("ticket.attached", { who: "{who}", file: "{file}" }), {
                  who: <span className="font-medium">{i.file.userName ?? t("ticket.requester")}</span>,
                  file: (
                    <a
                      className="text-blue-700 underline"
                      href={`/api/admin/attachments/${i.file.id}/download`}
                    >
                      {i.file.originalName}
                    </a>
                  ),
                })}{" "}
                ({formatFileSize(i.file.fileSize)}){i.file.isInternal ? ` – ${t("ticket.fileInternal")}` : ""}
                <span className="ml-2 text-xs text-gray-700">{stamp(i.at)}</span>
              </p>
            )}
            {i.kind === "event" && (
              <p
                className="border-l-2 border-gray-300 pl-2 text-xs text-gray-700"
                data-testid="timeline-event"
              >
                {i.text}
                {i.by ? ` – ${i.by}` : ""} · {stamp(i.at)}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
